import CRUDViewModels
import ScreenLogic

/// The pure logic the VIEW rules build their models with: each model gets a fresh one from
/// these factories. The kit's own by default; the grader passes a submission's
/// (Exercises 16 and 17), answered by the exercise host.
public struct ViewLogic: Sendable {
    /// Makes the logic of one task editor.
    public var editor: @Sendable () -> any TaskEditorLogic
    /// Makes the logic of one task list.
    public var list: @Sendable () -> any TaskListLogic

    /// Logic from these two factories.
    public init(editor: @escaping @Sendable () -> any TaskEditorLogic, list: @escaping @Sendable () -> any TaskListLogic) {
        self.editor = editor
        self.list = list
    }

    /// The kit's own logic (`StandardTaskEditorLogic`, `StandardTaskListLogic`).
    public static let kit = ViewLogic(editor: { StandardTaskEditorLogic() }, list: { StandardTaskListLogic() })
}
