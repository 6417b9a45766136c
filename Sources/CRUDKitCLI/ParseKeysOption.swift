import CRUDHTTP
import Foundation

/// The application id and keys a command sends to a Parse server: `--app-id`, `--rest-key`
/// and `--client-key`, each over its environment variable (`CRUDKIT_APP_ID`,
/// `CRUDKIT_REST_KEY`, `CRUDKIT_CLIENT_KEY`).
struct ParseKeysOption: ParsableArguments {
    @Option("app-id", value: "ID", help: "The X-Parse-Application-Id to send (default: $CRUDKIT_APP_ID, or crudkit).")
    var applicationID: String?
    @Option("rest-key", value: "KEY", help: "An X-Parse-REST-API-Key to send (default: $CRUDKIT_REST_KEY, or none).")
    var restKey: String?
    @Option("client-key", value: "KEY", help: "An X-Parse-Client-Key to send (default: $CRUDKIT_CLIENT_KEY, or none).")
    var clientKey: String?

    /// The client configuration for the server at `baseURL`: flags first, then the environment.
    func configuration(baseURL: URL, environment: [String: String]) -> HTTPStore.Configuration {
        var configuration = HTTPStore.Configuration.fromEnvironment(baseURL: baseURL, environment: environment)
        if let applicationID { configuration.applicationID = applicationID }
        if let restKey { configuration.restKey = restKey }
        if let clientKey { configuration.clientKey = clientKey }
        return configuration
    }
}
