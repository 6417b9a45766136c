import CRUDSpec
import Foundation

/// The kit's answers to the exercise protocols, used for every part not under test.
struct ReferenceParts: TitleRules, TaskCreating, TaskUpdating, TaskDeleting, TaskQuerying {
    func validatedTitle(_ raw: String) throws -> String {
        try Validation.title(raw)
    }

    func create(title: String, notes: String?, now: Date, in list: inout TaskList) throws -> TaskItem {
        let task = TaskItem(id: UUID(), title: title, notes: notes, isCompleted: false, createdAt: now, updatedAt: now)
        list.tasks.append(task)
        return task
    }

    func task(id: UUID, in list: TaskList) throws -> TaskItem {
        guard let task = list.tasks.first(where: { $0.id == id }) else { throw CRUDError.notFound(id: id) }
        return task
    }

    func newestFirst(_ list: TaskList) throws -> [TaskItem] {
        RecordOrder.tasks(list.tasks, sortedBy: .newestFirst)
    }

    func update(id: UUID, now: Date, in list: inout TaskList, _ change: (inout TaskItem) -> Void) throws -> TaskItem {
        guard let index = list.tasks.firstIndex(where: { $0.id == id }) else { throw CRUDError.notFound(id: id) }
        change(&list.tasks[index])
        list.tasks[index].updatedAt = now
        return list.tasks[index]
    }

    func delete(id: UUID, in list: inout TaskList) throws {
        guard let index = list.tasks.firstIndex(where: { $0.id == id }) else { throw CRUDError.notFound(id: id) }
        list.tasks.remove(at: index)
    }

    func run(_ query: TaskQuery, on list: TaskList) throws -> [TaskItem] {
        let term = query.effectiveSearch
        let found = list.tasks.filter { query.filter.includes($0) && TextKey.matches($0.title, search: term) }
        let page = RecordOrder.tasks(found, sortedBy: query.sort).dropFirst(query.offset)
        return Array(page.prefix(query.limit ?? page.count))
    }
}
