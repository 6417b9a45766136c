// The reference answers in an exercise host, for the tests that check grading through the
// host gives full marks where grading in one process does.
import ExerciseKit
import Foundation
import Solutions

exit(await ExerciseHostMain.run(parts: Submission.parts))
