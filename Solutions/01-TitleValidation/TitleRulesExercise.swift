import ExerciseAPI
import Foundation

public struct TitleRulesExercise: TitleRules {
    public init() {}

    public func validatedTitle(_ raw: String) throws -> String {
        let title = Validation.trimmed(raw)
        if title.isEmpty { throw CRUDError.validation(ValidationFailure(field: .title, reason: .empty)) }
        if title.count > 200 { throw CRUDError.validation(ValidationFailure(field: .title, reason: .tooLong(max: 200))) }
        if title.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw CRUDError.validation(ValidationFailure(field: .title, reason: .invalidCharacters))
        }
        return title
    }
}
