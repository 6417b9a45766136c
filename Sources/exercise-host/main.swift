// The exercise host: the student's parts, in a process of their own. The grader
// (`crudkit grade`, `crudkit exercises`) starts it, sends it calls, and judges the answers.
import ExerciseKit
import ExerciseSubmission
import Foundation

exit(await ExerciseHostMain.run(parts: Submission.parts))
