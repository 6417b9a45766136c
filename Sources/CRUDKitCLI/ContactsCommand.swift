import CRUDSpec
import Foundation

/// `crudkit contacts`: the address book of the course's project, over any store.
enum ContactsCommand {
    static let name = "contacts"
    static let summary = "Manage contacts: add, list, show, edit, delete."

    static let subcommands: [Subcommand] = [
        Subcommand(
            name: "add", usage: "add --name NAME --email EMAIL [--phone PHONE]", summary: "Add a contact.",
            options: ["name", "email", "phone"]),
        Subcommand(
            name: "list", usage: "list [--search TERM] [--limit N] [--offset N] [--json]", summary: "List contacts by name.",
            options: ["search", "limit", "offset", "json"]),
        Subcommand(name: "show", usage: "show ID [--json]", summary: "Show one contact.", options: ["json"]),
        Subcommand(
            name: "edit", usage: "edit ID [--name NAME] [--email EMAIL] [--phone PHONE]",
            summary: "Change a contact's name, email or phone (\"\" removes the phone).", options: ["name", "email", "phone"]),
        Subcommand(
            name: "delete", usage: "delete ID [--yes]", summary: "Delete a contact (asks first; --yes without a terminal).",
            options: ["yes"]),
    ]

    static var help: String { Subcommand.overview(command: name, summary: summary, subcommands) }

    static func run(_ words: [String], console: any Console, environment: [String: String]) async throws -> ExitCode {
        guard let (subcommand, rest) = try Subcommand.select(words, of: name, among: subcommands, overview: help, console: console) else {
            return .success
        }
        var arguments = Arguments(rest)
        let name = try arguments.option("name")
        let email = try arguments.option("email")
        let phone = try arguments.option("phone")
        let search = try arguments.option("search")
        let limit = try arguments.option("limit").map { text throws(UsageError) in try TasksCommand.wholeNumber(text, "--limit") }
        let offset = try arguments.option("offset").map { text throws(UsageError) in try TasksCommand.wholeNumber(text, "--offset") } ?? 0
        let json = arguments.flag("json")
        let yes = arguments.flag("yes")
        var context = RecordContext(arguments: arguments, console: console, environment: environment, now: Date())
        let asker = context
        let now = context.now
        let names = ["add", "list"].contains(subcommand.name) ? [] : ["an ID"]
        return try await context.withStore(positionals: names, for: "contacts \(subcommand.name)", knownOptions: subcommand.options) {
            values, store in
            func resolve(_ typed: String) async throws -> Contact {
                if let id = UUID(uuidString: typed) { return try await store.contact(id: id) }
                let all = try await store.contacts(ContactQuery())
                return try await store.contact(id: try IDResolver.resolve(typed, among: all.map(\.id), kind: "contact"))
            }
            switch subcommand.name {
            case "add":
                guard let name, let email else { throw UsageError("contacts add needs --name and --email.") }
                let contact = try await store.createContact(name: name, email: email, phone: phone)
                console.out("Added contact \(Render.shortID(contact.id)): \(contact.name) <\(contact.email)>\n")
            case "list":
                let contacts = try await store.contacts(ContactQuery(search: search, limit: limit, offset: offset))
                if json {
                    console.out(try Render.json(contacts.map(Render.ContactJSON.init)))
                } else if contacts.isEmpty {
                    let total = try await store.contacts(ContactQuery()).count
                    console.out(
                        total == 0
                            ? "No contacts yet. Add one with: crudkit contacts add --name \"Ada Lovelace\" --email ada@example.com\n"
                            : "No contacts match. (\(total) in all.)\n")
                } else {
                    console.out(Render.contacts(contacts, color: console.usesColor))
                }
            case "show":
                let contact = try await resolve(values[0])
                console.out(json ? try Render.json(Render.ContactJSON(contact: contact)) : Render.contact(contact, now: now))
            case "edit":
                guard name != nil || email != nil || phone != nil else {
                    throw UsageError("contacts edit needs --name, --email or --phone.")
                }
                let id = try await resolve(values[0]).id
                let contact = try await store.updateContact(id: id, ContactChanges(name: name, email: email, phone: phone))
                console.out("Updated contact \(Render.shortID(contact.id)): \(contact.name) <\(contact.email)>\n")
            default:
                let contact = try await resolve(values[0])
                guard try asker.confirmDelete("contact", contact.name, yes: yes) else {
                    console.out("Nothing was deleted.\n")
                    return .success
                }
                try await store.deleteContact(id: contact.id)
                console.out("Deleted contact \(Render.shortID(contact.id)): \(contact.name)\n")
            }
            return .success
        }
    }
}
