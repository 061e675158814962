import Foundation

/// What makes timings from two runs comparable: the same processor model,
/// core count, operating system, compiler and build configuration.
public struct MachineFingerprint: Codable, Equatable, Sendable {
    public var cpu: String
    public var cores: Int
    public var os: String
    public var swift: String
    public var build: String

    /// This process's machine.
    public static func current() -> MachineFingerprint {
        MachineFingerprint(
            cpu: cpuModel(), cores: ProcessInfo.processInfo.activeProcessorCount, os: operatingSystem(),
            swift: swiftVersion, build: buildConfiguration)
    }

    /// The first field that differs from `other`, as "cpu X vs Y", or nil when they match.
    public func firstDifference(from other: MachineFingerprint) -> String? {
        let fields: [(String, String, String)] = [
            ("cpu", cpu, other.cpu), ("cores", "\(cores)", "\(other.cores)"), ("os", os, other.os),
            ("swift", swift, other.swift), ("build", build, other.build),
        ]
        return fields.first { $0.1 != $0.2 }.map { "\($0.0) '\($0.1)' vs '\($0.2)'" }
    }

    /// A short name for file names: the processor and core count.
    public var slug: String {
        let words = cpu.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
        var slug = String(words).split(separator: "-").joined(separator: "-")
        if slug.count > 40 { slug = String(slug.prefix(40)) }
        return "\(slug.isEmpty ? "machine" : slug)-\(cores)c-\(build)"
    }

    static func cpuModel() -> String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return "unknown"
    }

    static func operatingSystem() -> String {
        if let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) {
            for line in text.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
                return String(line.dropFirst("PRETTY_NAME=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return ProcessInfo.processInfo.operatingSystemVersionString
    }

    static var swiftVersion: String {
        #if compiler(>=7.0)
        return "7+"
        #elseif compiler(>=6.3)
        return "6.3"
        #elseif compiler(>=6.2)
        return "6.2"
        #elseif compiler(>=6.1)
        return "6.1"
        #elseif compiler(>=6.0)
        return "6.0"
        #else
        return "5"
        #endif
    }

    static var buildConfiguration: String {
        _isDebugAssertConfiguration() ? "debug" : "release"
    }
}

/// The commit a run was built from, and whether the tree had changes.
public struct GitState: Codable, Equatable, Sendable {
    public var commit: String?
    public var dirty: Bool?

    public static func current(in directory: String = FileManager.default.currentDirectoryPath) -> GitState {
        let commit = run(["rev-parse", "HEAD"], in: directory)?.trimmingCharacters(in: .whitespacesAndNewlines)
        let status = run(["status", "--porcelain", "--untracked-files=no"], in: directory)
        return GitState(commit: commit, dirty: status.map { !$0.isEmpty })
    }

    private static func run(_ arguments: [String], in directory: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
