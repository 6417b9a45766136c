// The exercise harness builds on the student API, and hands it on to its users.
@_exported import ExerciseAPI
