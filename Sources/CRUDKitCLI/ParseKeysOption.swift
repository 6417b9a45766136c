import CRUDHTTP
import Foundation

/// The application id and keys a command sends to a Parse server: `--app-id`, `--rest-key`
/// and `--client-key`, each over its environment variable (`CRUDKIT_APP_ID`,
/// `CRUDKIT_REST_KEY`, `CRUDKIT_CLIENT_KEY`).
struct ParseKeysOption {
    static let options = ["app-id", "rest-key", "client-key"]
    static let help = """
          --app-id ID       The X-Parse-Application-Id to send (default: $CRUDKIT_APP_ID, or crudkit).
          --rest-key KEY    An X-Parse-REST-API-Key to send (default: $CRUDKIT_REST_KEY, or none).
          --client-key KEY  An X-Parse-Client-Key to send (default: $CRUDKIT_CLIENT_KEY, or none).
        """

    private var applicationID: String?
    private var restKey: String?
    private var clientKey: String?

    init(_ arguments: inout Arguments) throws(UsageError) {
        applicationID = try arguments.option("app-id")
        restKey = try arguments.option("rest-key")
        clientKey = try arguments.option("client-key")
    }

    /// The client configuration for the server at `baseURL`: flags first, then the environment.
    func configuration(baseURL: URL, environment: [String: String]) -> HTTPStore.Configuration {
        var configuration = HTTPStore.Configuration.fromEnvironment(baseURL: baseURL, environment: environment)
        if let applicationID { configuration.applicationID = applicationID }
        if let restKey { configuration.restKey = restKey }
        if let clientKey { configuration.clientKey = clientKey }
        return configuration
    }
}
