import ExerciseAPI
import Foundation

public struct TaskRepositoryExercise: TaskRepository {
    public init() {}

    private func key(_ id: UUID) -> String { "task/" + id.uuidString }

    public func save(_ task: TaskItem, in blobs: BlobStore) throws {
        blobs.put(try JSONEncoder().encode(task), forKey: key(task.id))
    }

    public func load(id: UUID, from blobs: BlobStore) throws -> TaskItem {
        let data: Data
        do {
            data = try blobs.get(key(id))
        } catch {
            throw CRUDError.notFound(id: id)
        }
        guard let task = try? JSONDecoder().decode(TaskItem.self, from: data) else { throw CRUDError.corruptStore(path: key(id)) }
        return task
    }

    public func remove(id: UUID, from blobs: BlobStore) throws {
        do {
            try blobs.remove(key(id))
        } catch {
            throw CRUDError.notFound(id: id)
        }
    }
}
