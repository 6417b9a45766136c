import ExerciseAPI

/// Your work, as the runner and the grader see it. Leave this file as it is.
public enum Submission {
    public static let parts = ExerciseParts(
        titleRules: TitleRulesExercise(), creating: TaskCreatingExercise(), updating: TaskUpdatingExercise(),
        deleting: TaskDeletingExercise(), querying: TaskQueryingExercise(), contactRules: ContactRulesExercise(),
        contactSaving: ContactSavingExercise(), contactSearching: ContactSearchingExercise(), storeFile: StoreFileExercise(),
        taskTable: TaskTableExercise(), replyDecoding: ReplyDecodingExercise(),
        taskRepository: TaskRepositoryExercise(), importing: TaskImportingExercise(),
        ownChecks: OwnChecksExercise(), postgresTaskTable: PostgresTaskTableExercise(),
        taskEditorLogic: TaskEditorExercise(), taskListLogic: TaskListExercise())
}
