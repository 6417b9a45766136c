/// The registry: every rule of the specification, in the order the Course lists them.
///
/// IDs are stable. A rule that changes meaning gets a new ID; a retired ID is never reused.
public enum Rules {
    /// Every rule, grouped by area.
    public static let all: [Rule] =
        taskCreate + taskRead + taskUpdate + taskDelete + taskImport
        + contactCreate + contactRead + contactDuplicate + contactUpdate + contactDelete
        + field + ids + durability + concurrency + sharedStorage + model + view

    /// The rules that apply to `backend`: those whose required capabilities it declares.
    /// The others are reported as not applicable by ``ConformanceRunner``.
    public static func applicable(to backend: Backend) -> [Rule] {
        all.filter { $0.requires.isSubset(of: backend.capabilities) }
    }

    /// The rule with this ID, if there is one.
    public static func rule(id: String) -> Rule? {
        all.first { $0.id == id }
    }

    /// The areas in registry order, each with a one-line summary for the Course.
    public static let areas: [(id: String, title: String)] = [
        ("TASK-CREATE", "Creating tasks"),
        ("TASK-READ", "Reading tasks: get, filter, search, sort, limit and offset"),
        ("TASK-UPDATE", "Updating tasks"),
        ("TASK-DELETE", "Deleting tasks"),
        ("TASK-IMPORT", "Importing many tasks at once"),
        ("CONTACT-CREATE", "Creating contacts"),
        ("CONTACT-READ", "Reading contacts"),
        ("CONTACT-DUP", "Unique email addresses"),
        ("CONTACT-UPDATE", "Updating contacts"),
        ("CONTACT-DELETE", "Deleting contacts"),
        ("FIELD", "Text fields: trimming, limits, control characters, normalization and case, through every write"),
        ("IDS", "Ids of the other kind of record"),
        ("DURABILITY", "Durability across close and reopen"),
        ("CONCURRENCY", "Concurrent use"),
        ("SHARED", "Several stores on one storage: processes and connections at once"),
        ("MODEL", "Random operation sequences against the specification's model"),
        ("VIEW", "Screens: the kit's list and editor models on the store, with and without failed writes"),
    ]
}
