import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What makes timings from two runs comparable: the same host (and so the
/// same processor model, core count and memory), kernel, operating system,
/// compiler and build configuration.
///
/// `memory_gib`, `kernel` and `host_id` came later than the other fields:
/// files written before them (schema 2 without them) still load, and a
/// field that one side lacks is not compared. `notCompared(with:)` names
/// those fields, so a report can say that two machines were only matched
/// on processor, cores, system, compiler and build.
public struct MachineFingerprint: Codable, Equatable, Sendable {
    public var cpu: String
    public var cores: Int
    public var os: String
    public var swift: String
    public var build: String
    /// Physical memory, rounded to whole GiB (the kernel's exact total moves
    /// by a few MiB between boots); nil in older files.
    public var memoryGiB: Int?
    /// The kernel's release (`uname -r`); nil in older files.
    public var kernel: String?
    /// A stable identifier of the host: a hash of `/etc/machine-id`, so two
    /// boxes with the same processor name are told apart without the
    /// machine's id itself being written into results; nil in older files
    /// and on systems without a machine id.
    public var hostID: String?

    enum CodingKeys: String, CodingKey {
        case cpu, cores, os, swift, build, kernel
        case memoryGiB = "memory_gib"
        case hostID = "host_id"
    }

    public init(
        cpu: String, cores: Int, os: String, swift: String, build: String, memoryGiB: Int? = nil,
        kernel: String? = nil, hostID: String? = nil
    ) {
        self.cpu = cpu
        self.cores = cores
        self.os = os
        self.swift = swift
        self.build = build
        self.memoryGiB = memoryGiB
        self.kernel = kernel
        self.hostID = hostID
    }

    /// This process's machine.
    public static func current() -> MachineFingerprint {
        MachineFingerprint(
            cpu: cpuModel(), cores: ProcessInfo.processInfo.activeProcessorCount, os: operatingSystem(),
            swift: swiftVersion, build: buildConfiguration, memoryGiB: memoryGiB(), kernel: kernelRelease(),
            hostID: hostIdentifier())
    }

    /// Every field by name with both sides' values; nil where a side lacks it.
    private func fields(against other: MachineFingerprint) -> [(name: String, mine: String?, theirs: String?)] {
        [
            ("host", hostID, other.hostID), ("cpu", cpu, other.cpu), ("cores", "\(cores)", "\(other.cores)"),
            ("memory", memoryGiB.map { "\($0) GiB" }, other.memoryGiB.map { "\($0) GiB" }),
            ("kernel", kernel, other.kernel), ("os", os, other.os), ("swift", swift, other.swift),
            ("build", build, other.build),
        ]
    }

    /// The fields that decide which instructions run: the processor model
    /// (the C library picks its routines by it), the OS (its C library), the
    /// compiler and the build. Instruction counts compare across hosts that
    /// agree on these; timings need every field.
    public static let codeFields: Set<String> = ["cpu", "os", "swift", "build"]

    /// Every field that differs from `other`, as "cpu 'X' vs 'Y'" (of
    /// `only`, when given); fields that either side lacks are not compared.
    public func differences(from other: MachineFingerprint, only names: Set<String>? = nil) -> [String] {
        fields(against: other).compactMap { field in
            if let names, !names.contains(field.name) { return nil }
            guard let mine = field.mine, let theirs = field.theirs, mine != theirs else { return nil }
            return "\(field.name) '\(mine)' vs '\(theirs)'"
        }
    }

    /// The first field that differs from `other` (see `differences`), or nil when they match.
    public func firstDifference(from other: MachineFingerprint) -> String? {
        differences(from: other).first
    }

    /// The fields one side lacks (an older file), which were not compared.
    public func notCompared(with other: MachineFingerprint) -> [String] {
        fields(against: other).filter { ($0.mine == nil) != ($0.theirs == nil) }.map(\.name)
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

    /// MemTotal from /proc/meminfo, in whole GiB.
    static func memoryGiB(meminfo path: String = "/proc/meminfo") -> Int? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("MemTotal:") {
            let fields = line.split(separator: " ")
            guard fields.count >= 2, let kibibytes = Double(fields[1]) else { return nil }
            return Int((kibibytes / 1_048_576).rounded())
        }
        return nil
    }

    static func kernelRelease() -> String? {
        var name = utsname()
        guard uname(&name) == 0 else { return nil }
        return withUnsafeBytes(of: &name.release) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// The host's id from `/etc/machine-id` (or D-Bus's copy), hashed for
    /// framebench: machine-id(5) asks programs not to publish the id itself.
    /// The id holds 128 random bits and the hash keeps 64, so the hash
    /// cannot give the id back; it tells hosts apart all the same.
    static func hostIdentifier(
        paths: [String] = ["/etc/machine-id", "/var/lib/dbus/machine-id"]
    ) -> String? {
        for path in paths {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            let id = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !id.isEmpty else { continue }
            return hostHash(id)
        }
        return nil
    }

    /// FNV-1a over "framebench:" and the id, finished with SplitMix64's mixer, in hex.
    static func hostHash(_ id: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in ("framebench:" + id).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        hash = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
        hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
        hash ^= hash >> 31
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
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
