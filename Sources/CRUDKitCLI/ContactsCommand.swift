import CRUDConformance
import CRUDSpec
import Foundation

/// `crudkit contacts`: the address book of the course's project, over any store.
struct ContactsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "contacts", summary: "Manage contacts: add, list, show, edit, delete.",
        discussion: "Every subcommand takes --store and --help. Ids may be shortened to any unique prefix.",
        subcommands: [Add.self, List.self, Show.self, Edit.self, Delete.self], exitStatuses: CommandConfiguration.everyExitStatus)

    func run(_ context: CommandContext) async throws -> ExitCode {
        throw UsageError.needsSubcommand(Self.configuration)
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(name: "add", summary: "Add a contact.")
        @Option("name", value: "NAME", help: "The contact's name (required).") var name: String?
        @Option("email", value: "EMAIL", help: "Their email address, unique among contacts (required).") var email: String?
        @Option("phone", value: "PHONE", help: "Their phone number.") var phone: String?
        var store = StoreArguments()

        func validate() throws(UsageError) {
            if name == nil || email == nil { throw UsageError("contacts add needs --name and --email.") }
        }

        func run(_ context: CommandContext) async throws -> ExitCode {
            try await store.withStore(context) { store in
                let contact = try await store.createContact(name: name ?? "", email: email ?? "", phone: phone)
                context.console.out("Added contact \(CRUDConformance.Show.id(contact.id)): \(contact.name) <\(contact.email)>\n")
                return .success
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(name: "list", summary: "List contacts by name.")
        @Option("search", value: "TERM", help: "Only contacts whose name, email or phone contain TERM.") var search: String?
        @Option("limit", value: "N", help: "At most N contacts.", parser: .wholeNumber) var limit: Int?
        @Option("offset", value: "N", help: "Skip the first N contacts.", parser: .wholeNumber) var offset = 0
        @Flag("json", help: "Print JSON, for scripts.") var json: Bool
        var store = StoreArguments()

        func run(_ context: CommandContext) async throws -> ExitCode {
            try await store.withStore(context) { store in
                let contacts = try await store.contacts(ContactQuery(search: search, limit: limit, offset: offset))
                let console = context.console
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
                return .success
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(name: "show", summary: "Show one contact.")
        var contact = ContactArguments()
        @Flag("json", help: "Print JSON, for scripts.") var json: Bool

        func run(_ context: CommandContext) async throws -> ExitCode {
            try await contact.withContact(context) { contact, _ in
                context.console.out(json ? try Render.json(Render.ContactJSON(contact: contact)) : Render.contact(contact, now: Date()))
                return .success
            }
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            name: "edit", summary: "Change a contact's name, email or phone (\"\" removes the phone).")
        var contact = ContactArguments()
        @Option("name", value: "NAME", help: "Their new name.") var name: String?
        @Option("email", value: "EMAIL", help: "Their new email address.") var email: String?
        @Option("phone", value: "PHONE", help: "Their new phone number.") var phone: String?

        func validate() throws(UsageError) {
            if name == nil && email == nil && phone == nil { throw UsageError("contacts edit needs --name, --email or --phone.") }
        }

        func run(_ context: CommandContext) async throws -> ExitCode {
            try await contact.withContact(context) { found, store in
                let contact = try await store.updateContact(id: found.id, ContactChanges(name: name, email: email, phone: phone))
                context.console.out("Updated contact \(CRUDConformance.Show.id(contact.id)): \(contact.name) <\(contact.email)>\n")
                return .success
            }
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            name: "delete", summary: "Delete a contact (asks first; --yes without a terminal).")
        var contact = ContactArguments()
        @Flag("yes", help: "Delete without asking.") var yes: Bool

        func run(_ context: CommandContext) async throws -> ExitCode {
            try await contact.withContact(context) { contact, store in
                guard try context.confirmDelete("contact", contact.name, yes: yes) else {
                    context.console.out("Nothing was deleted.\n")
                    return .success
                }
                try await store.deleteContact(id: contact.id)
                context.console.out("Deleted contact \(CRUDConformance.Show.id(contact.id)): \(contact.name)\n")
                return .success
            }
        }
    }
}

/// The contact a subcommand acts on (`ID`, a full id or the start of one) and its `--store`.
struct ContactArguments: ParsableArguments {
    @Argument("ID", help: "The contact's id, or the start of it.") var id: String
    var store = StoreArguments()

    /// Opens the store, finds the contact, and runs `body` with both.
    func withContact<T>(_ context: CommandContext, _ body: (Contact, any CRUDSpec) async throws -> T) async throws -> T {
        try await store.withStore(context) { store in try await body(try await IDResolver.contact(id, in: store), store) }
    }
}
