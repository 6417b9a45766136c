import Foundation

/// One implementation of every part: the student's, the reference, or a mix.
public struct ExerciseParts: Sendable {
    public var titleRules: any TitleRules
    public var creating: any TaskCreating
    public var updating: any TaskUpdating
    public var deleting: any TaskDeleting
    public var querying: any TaskQuerying
    public var contactRules: any ContactRules
    public var contactSaving: any ContactSaving
    public var contactSearching: any ContactSearching
    public var storeFile: any StoreFile
    public var taskTable: any TaskTable
    public var replyDecoding: any ReplyDecoding
    public var taskRepository: any TaskRepository
    public var importing: any TaskImporting
    public var ownChecks: any OwnChecks
    public var postgresTaskTable: any PostgresTaskTable
    public var taskEditorLogic: any TaskEditorLogic
    public var taskListLogic: any TaskListLogic

    public init(
        titleRules: any TitleRules, creating: any TaskCreating, updating: any TaskUpdating, deleting: any TaskDeleting,
        querying: any TaskQuerying, contactRules: any ContactRules, contactSaving: any ContactSaving,
        contactSearching: any ContactSearching, storeFile: any StoreFile, taskTable: any TaskTable,
        replyDecoding: any ReplyDecoding, taskRepository: any TaskRepository, importing: any TaskImporting,
        ownChecks: any OwnChecks, postgresTaskTable: any PostgresTaskTable, taskEditorLogic: any TaskEditorLogic,
        taskListLogic: any TaskListLogic
    ) {
        self.titleRules = titleRules
        self.creating = creating
        self.updating = updating
        self.deleting = deleting
        self.querying = querying
        self.contactRules = contactRules
        self.contactSaving = contactSaving
        self.contactSearching = contactSearching
        self.storeFile = storeFile
        self.taskTable = taskTable
        self.replyDecoding = replyDecoding
        self.taskRepository = taskRepository
        self.importing = importing
        self.ownChecks = ownChecks
        self.postgresTaskTable = postgresTaskTable
        self.taskEditorLogic = taskEditorLogic
        self.taskListLogic = taskListLogic
    }
}
