import CRUDSpec
import Foundation

extension PostgresStore {
    private static let contactColumns = "id, name, email, phone, created_at, updated_at"

    /// Every contact of a result, read in place (see ``PostgresRows``).
    private func readContacts(_ rows: PostgresRows) throws(PostgresFailure) -> [Contact] {
        try rows.records(columns: 6, corrupt: .corruptStore(path: location)) { row in
            guard let id = rows.uuid(row, 0), let name = rows.text(row, 1), let email = rows.text(row, 2),
                let created = rows.int64(row, 4), let updated = rows.int64(row, 5)
            else { return nil }
            return Contact(
                id: id, name: name, email: email, phone: rows.text(row, 3), createdAt: Timestamp.date(milliseconds: created),
                updatedAt: Timestamp.date(milliseconds: updated))
        }
    }

    public func createContact(name: String, email: String, phone: String?) throws -> Contact {
        // No lookup first: the unique index on the email refuses a taken one (23505), even
        // from another connection at the same instant, and that is reported as a duplicate.
        let now = clock.timestamp()
        let contact = Contact(
            id: UUID.random(), name: try Validation.name(name), email: try Validation.email(email), phone: try Validation.phone(phone),
            createdAt: now, updatedAt: now)
        try perform { db in
            try db.run(
                """
                INSERT INTO contacts (id, name, email, phone, created_at, updated_at, name_key, name_search)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                """,
                [
                    contact.id.uuidString, contact.name, contact.email, contact.phone, String(Timestamp.milliseconds(now)),
                    String(Timestamp.milliseconds(now)), TextKey.folded(contact.name), TextKey.searchKey(contact.name),
                ])
        }
        return contact
    }

    public func contact(id: UUID) throws -> Contact {
        try perform { db in try fetchContact(id: id, in: db) }
    }

    private func fetchContact(id: UUID, in db: PostgresConnection) throws -> Contact {
        let found = try db.rows("SELECT \(Self.contactColumns) FROM contacts WHERE id = $1", [id.uuidString], read: readContacts)
        guard let contact = found.first else { throw CRUDError.notFound(id: id) }
        return contact
    }

    public func contacts(_ query: ContactQuery) throws -> [Contact] {
        try query.validate()
        var sql = "SELECT \(Self.contactColumns) FROM contacts"
        var values: [String?] = []
        if let term = query.effectiveSearch {
            let key = TextKey.searchKey(term)
            // No name holds a NUL, and PostgreSQL text cannot carry one.
            guard !key.utf8.contains(0) else { return [] }
            sql += " WHERE strpos(name_search, $1) > 0"
            values.append(key)
        }
        sql += " ORDER BY name_key, email, seq LIMIT $\(values.count + 1) OFFSET $\(values.count + 2)"
        values += [query.limit.map(String.init), String(query.offset)]
        return try perform { db in try db.rows(sql, values, read: readContacts) }
    }

    public func updateContact(id: UUID, _ changes: ContactChanges) throws -> Contact {
        try perform(transaction: true) { db in
            var contact = try fetchContact(id: id, in: db)
            if let name = changes.name { contact.name = try Validation.name(name) }
            if let email = changes.email { contact.email = try Validation.email(email) }
            if let phone = changes.phone { contact.phone = try Validation.phone(phone) }
            contact.updatedAt = clock.timestamp()
            try db.run(
                """
                UPDATE contacts SET name = $1, email = $2, phone = $3, updated_at = $4, name_key = $5, name_search = $6
                WHERE id = $7
                """,
                [
                    contact.name, contact.email, contact.phone, String(Timestamp.milliseconds(contact.updatedAt)),
                    TextKey.folded(contact.name), TextKey.searchKey(contact.name), id.uuidString,
                ])
            return contact
        }
    }

    public func deleteContact(id: UUID) throws {
        let changed = try perform { db in try db.run("DELETE FROM contacts WHERE id = $1", [id.uuidString]) }
        guard changed > 0 else { throw CRUDError.notFound(id: id) }
    }
}
