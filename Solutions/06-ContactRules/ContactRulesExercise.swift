import ExerciseAPI
import Foundation

public struct ContactRulesExercise: ContactRules {
    public init() {}

    private func refuse(_ field: Field, _ reason: ValidationReason) -> CRUDError {
        .validation(ValidationFailure(field: field, reason: reason))
    }

    public func validatedName(_ raw: String) throws -> String {
        let name = Validation.trimmed(raw)
        guard !name.isEmpty else { throw refuse(.name, .empty) }
        guard name.count <= 100 else { throw refuse(.name, .tooLong(max: 100)) }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw refuse(.name, .invalidCharacters)
        }
        return name
    }

    public func validatedEmail(_ raw: String) throws -> String {
        let email = Validation.trimmed(raw).lowercased()
        guard !email.isEmpty else { throw refuse(.email, .empty) }
        guard email.count <= 254 else { throw refuse(.email, .tooLong(max: 254)) }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        let labels = parts.count == 2 ? parts[1].split(separator: ".", omittingEmptySubsequences: false) : []
        guard parts.count == 2, !parts[0].isEmpty, labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }),
            !email.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control })
        else { throw refuse(.email, .invalidEmail) }
        return email
    }

    public func validatedPhone(_ raw: String?) throws -> String? {
        guard let raw else { return nil }
        let phone = Validation.trimmed(raw)
        if phone.isEmpty { return nil }
        let digits = phone.filter { ("0"..."9").contains($0) }.count
        guard phone.allSatisfy({ ("0"..."9").contains($0) || " +-().".contains($0) }), (7...15).contains(digits) else {
            throw refuse(.phone, .invalidPhone)
        }
        return phone
    }
}
