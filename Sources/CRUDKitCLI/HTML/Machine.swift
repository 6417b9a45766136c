import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The machine and toolchain a measurement ran on, as a reader of the figures needs them.
/// What cannot be found is "unknown"; finding it never fails.
struct Machine: Codable, Sendable, Equatable {
    /// The processor's model name, such as "AMD EPYC 7763 64-Core Processor".
    var cpu: String
    /// How many cores this process may use.
    var cores: Int
    /// The operating system's name and version, and the kernel's.
    var system: String
    /// The Swift compiler that built the tool.
    var swift: String
    /// `release` or `debug`: debug figures are many times slower and say little.
    var build: String

    /// What a saved run that did not record its machine shows.
    static let unknown = Machine(cpu: "unknown", cores: 0, system: "unknown", swift: "unknown", build: "unknown")

    /// The machine this process runs on.
    static func current() -> Machine {
        Machine(
            cpu: cpuModel() ?? "unknown", cores: ProcessInfo.processInfo.activeProcessorCount, system: systemName(),
            swift: compilerVersion, build: buildConfiguration)
    }

    /// One line for a page or a report.
    var summary: String {
        "\(cpu), \(cores) core\(cores == 1 ? "" : "s"); \(system); Swift \(swift), \(build) build"
    }

    /// The first model name in /proc/cpuinfo (Linux; on Arm, the hardware line when there is no model name).
    private static func cpuModel() -> String? {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for key in ["model name", "Hardware", "Model"] {
            let line = info.split(separator: "\n").first { $0.hasPrefix(key) && $0.contains(":") }
            if let value = line?.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces), !value.isEmpty {
                return value
            }
        }
        return nil
    }

    /// The distribution's name from /etc/os-release, and the kernel from uname.
    private static func systemName() -> String {
        var parts: [String] = []
        if let release = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8),
            let line = release.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") })
        {
            parts.append(line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        }
        var names = utsname()
        if uname(&names) == 0 {
            func field<T>(_ value: T) -> String {
                withUnsafeBytes(of: value) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
            }
            parts.append("\(field(names.sysname)) \(field(names.release)) \(field(names.machine))")
        }
        return parts.isEmpty ? "unknown" : parts.joined(separator: ", ")
    }

    /// The compiler's version, as far as `#if compiler` tells it apart: exactly for the 6.3
    /// the kit is developed with, and by a bound for the others.
    private static let compilerVersion: String = {
        #if compiler(>=6.4)
            return "6.4 or later"
        #elseif compiler(>=6.3.1)
            return "6.3.1 or a later 6.3"
        #elseif compiler(>=6.3)
            return "6.3"
        #else
            return "before 6.3 (which one is unknown)"
        #endif
    }()

    private static let buildConfiguration: String = {
        #if DEBUG
            return "debug"
        #else
            return "release"
        #endif
    }()
}
