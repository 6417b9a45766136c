import Foundation

/// Executables the package builds beside its tests (crudkit, crash-writer, the exercise
/// hosts): how a test finds one to run as a separate process.
public enum BuiltProduct {
    /// The path of the executable `name` built beside the test bundle, if there is one.
    public static func path(_ name: String) -> String? {
        let bundleFolder = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL.deletingLastPathComponent()
        let executableFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return [bundleFolder, executableFolder].compactMap { $0?.appendingPathComponent(name).path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
