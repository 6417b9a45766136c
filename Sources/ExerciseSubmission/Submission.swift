// The student's parts, put together for the exercise host. The package defines
// EXERCISE_NN for each exercise that is linked: every one, unless the grader left out
// those that do not compile (CRUDKIT_LEFT_OUT_EXERCISES), which stay stand-ins that throw.
import ExerciseKit

#if EXERCISE_01
    import Exercise01
#endif
#if EXERCISE_02
    import Exercise02
#endif
#if EXERCISE_03
    import Exercise03
#endif
#if EXERCISE_04
    import Exercise04
#endif
#if EXERCISE_05
    import Exercise05
#endif
#if EXERCISE_06
    import Exercise06
#endif
#if EXERCISE_07
    import Exercise07
#endif
#if EXERCISE_08
    import Exercise08
#endif
#if EXERCISE_09
    import Exercise09
#endif
#if EXERCISE_10
    import Exercise10
#endif
#if EXERCISE_11
    import Exercise11
#endif
#if EXERCISE_12
    import Exercise12
#endif
#if EXERCISE_13
    import Exercise13
#endif
#if EXERCISE_14
    import Exercise14
#endif
#if EXERCISE_15
    import Exercise15
#endif
#if EXERCISE_16
    import Exercise16
#endif
#if EXERCISE_17
    import Exercise17
#endif

/// The submission, as the exercise host runs it.
public enum Submission {
    /// Each linked exercise's part, and ``UncompiledPart`` for the others.
    public static let parts: ExerciseParts = {
        var parts = ExerciseParts.uncompiled
        #if EXERCISE_01
            parts.titleRules = TitleRulesExercise()
        #endif
        #if EXERCISE_02
            parts.creating = TaskCreatingExercise()
        #endif
        #if EXERCISE_03
            parts.updating = TaskUpdatingExercise()
        #endif
        #if EXERCISE_04
            parts.deleting = TaskDeletingExercise()
        #endif
        #if EXERCISE_05
            parts.querying = TaskQueryingExercise()
        #endif
        #if EXERCISE_06
            parts.contactRules = ContactRulesExercise()
        #endif
        #if EXERCISE_07
            parts.contactSaving = ContactSavingExercise()
        #endif
        #if EXERCISE_08
            parts.contactSearching = ContactSearchingExercise()
        #endif
        #if EXERCISE_09
            parts.storeFile = StoreFileExercise()
        #endif
        #if EXERCISE_10
            parts.taskTable = TaskTableExercise()
        #endif
        #if EXERCISE_11
            parts.replyDecoding = ReplyDecodingExercise()
        #endif
        #if EXERCISE_12
            parts.taskRepository = TaskRepositoryExercise()
        #endif
        #if EXERCISE_13
            parts.importing = TaskImportingExercise()
        #endif
        #if EXERCISE_14
            parts.ownChecks = OwnChecksExercise()
        #endif
        #if EXERCISE_15
            parts.postgresTaskTable = PostgresTaskTableExercise()
        #endif
        #if EXERCISE_16
            parts.taskEditorLogic = TaskEditorExercise()
        #endif
        #if EXERCISE_17
            parts.taskListLogic = TaskListExercise()
        #endif
        return parts
    }()

}
