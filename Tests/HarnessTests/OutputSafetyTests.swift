import Foundation
import XCTest

@testable import Harness
@testable import Reports
@testable import FrameBenchCLI

/// `--out`, standard output and standard error: nothing lost, nothing replaced
/// that is not a regular file, nothing that traps.
final class OutputSafetyTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-out-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func kind(_ path: String) -> mode_t {
        var status = stat()
        XCTAssertEqual(lstat(path, &status), 0, path)
        return status.st_mode & S_IFMT
    }

    private func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".tmp-") }
    }

    /// Runs `body` with `descriptor` (0, 1 or 2) pointing at `path` opened for writing.
    private func redirecting<T>(_ descriptor: Int32, to path: String, _ body: () -> T) -> T {
        let saved = dup(descriptor)
        let target = open(path, O_WRONLY)
        dup2(target, descriptor)
        close(target)
        defer {
            dup2(saved, descriptor)
            close(saved)
        }
        return body()
    }

    private let run = ["run", "plain-feed", "--frames", "5", "--size", "20x5", "--term", "xterm-256color"]

    func testOutToAFIFOWritesThroughItAndLeavesItAFIFO() throws {
        let fifo = folder + "/fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        final class Received: @unchecked Sendable { var data = Data() }  // read after the thread finished
        let received = Received()
        let reader = Thread {
            let descriptor = open(fifo, O_RDONLY)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while case let count = read(descriptor, &buffer, buffer.count), count > 0 { received.data.append(contentsOf: buffer[0..<count]) }
            close(descriptor)
        }
        reader.start()
        XCTAssertEqual(FrameBenchCommand.main(run + ["--format", "json", "--out", fifo]), 0)
        while !reader.isFinished { usleep(1_000) }
        XCTAssertEqual(kind(fifo), S_IFIFO, "a rename would have put a regular file where the FIFO was")
        XCTAssertTrue(String(decoding: received.data, as: UTF8.self).contains("\"schema_version\""))
        XCTAssertEqual(try leftovers(), [])
    }

    func testOutToACharacterDeviceWritesInPlace() throws {
        let device = folder + "/null"
        guard mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 else { throw XCTSkip("mknod needs root") }
        XCTAssertEqual(FrameBenchCommand.main(run + ["--out", device]), 0)
        XCTAssertEqual(kind(device), S_IFCHR)
        XCTAssertEqual(try leftovers(), [])
    }

    func testOutThroughASymbolicLinkWritesItsTargetAndKeepsTheLink() throws {
        let link = folder + "/latest.json"
        XCTAssertEqual(symlink("real.json", link), 0)
        XCTAssertEqual(FrameBenchCommand.main(run + ["--format", "json", "--out", link]), 0)
        XCTAssertEqual(kind(link), S_IFLNK)
        XCTAssertEqual(kind(folder + "/real.json"), S_IFREG)
        XCTAssertNoThrow(try BaselineStore.read(folder + "/real.json"))
        // Now the target exists: replacing it needs --force, and the link stays a link.
        XCTAssertEqual(FrameBenchCommand.main(run + ["--format", "json", "--out", link]), 2)
        XCTAssertEqual(FrameBenchCommand.main(run + ["--format", "json", "--out", link, "--force"]), 0)
        XCTAssertEqual(kind(link), S_IFLNK)
    }

    func testOutToStandardOutputByPathWritesToTheDescriptor() throws {
        XCTAssertEqual(try AtomicFile.target("/dev/stdout"), .direct(path: "/proc/self/fd/1"))
        // A link of our own to the descriptor: a rename here would only replace the link.
        let link = folder + "/stdout"
        XCTAssertEqual(symlink("/proc/self/fd/1", link), 0)
        let captured = folder + "/captured.json"
        XCTAssertTrue(FileManager.default.createFile(atPath: captured, contents: nil))
        let status = redirecting(STDOUT_FILENO, to: captured) {
            FrameBenchCommand.main(run + ["--format", "json", "--out", link])
        }
        XCTAssertEqual(status, 0)
        XCTAssertEqual(kind(link), S_IFLNK)
        XCTAssertNoThrow(try BaselineStore.read(captured))
    }

    func testAnExistingOutIsRefusedBeforeTheRunStarts() throws {
        let path = folder + "/old.txt"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let parsed = try ParsedArguments(["--out", path], command: .compare)
        XCTAssertThrowsError(try OutputOptions(parsed)) { error in
            XCTAssertTrue("\(error)".contains("already exists; pass --force"), "\(error)")
        }
        let missingFolder = try ParsedArguments(["--out", folder + "/no/such/x.txt"], command: .compare)
        XCTAssertThrowsError(try OutputOptions(missingFolder)) { error in
            XCTAssertTrue("\(error)".contains("does not exist"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old")
    }

    func testANameTakenWhileTheWorkRanIsNotReplacedWithoutForce() throws {
        let path = folder + "/new.json"
        let staged = try AtomicFile.Staged(Array("mine".utf8), for: path)
        defer { staged.discard() }
        try Data("theirs".utf8).write(to: URL(fileURLWithPath: path))  // another writer got there first
        XCTAssertThrowsError(try staged.commit(replacing: false)) { error in
            XCTAssertTrue("\(error)".contains("already exists"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "theirs")
        staged.discard()
        XCTAssertEqual(try leftovers(), [])
    }

    func testAFailedWriteLeavesNoTemporaryFile() throws {
        // A directory in the way of the rename stands in for a full disk.
        try FileManager.default.createDirectory(atPath: folder + "/taken/inside", withIntermediateDirectories: true)
        let staged = try AtomicFile.Staged(Array("x".utf8), for: folder + "/taken2")
        staged.discard()
        XCTAssertThrowsError(try AtomicFile.write(Array("x".utf8), to: folder + "/taken", replacing: true))
        XCTAssertEqual(try leftovers(), [])
    }

    func testAFullStandardOutputFailsTheCommand() throws {
        let status = redirecting(STDOUT_FILENO, to: "/dev/full") {
            FrameBenchCommand.main(run + ["--format", "json"])
        }
        XCTAssertEqual(status, 1, "results that could not be written are not a success")
        XCTAssertThrowsError(try redirecting(STDOUT_FILENO, to: "/dev/full") { Result { try StandardStreams.printLine("x") } }.get()) {
            error in XCTAssertTrue("\(error)".contains("standard output"), "\(error)")
        }
    }

    func testAUsageErrorWithAFullStandardErrorStillExitsTwo() {
        let status = redirecting(STDERR_FILENO, to: "/dev/full") { FrameBenchCommand.main(["bogus"]) }
        XCTAssertEqual(status, 2)
    }

    func testControlCharactersFromFilesAreShownNotObeyed() {
        XCTAssertEqual(UntrustedText.terminal("a\u{1B}[2Jb\u{9B}c\u{202E}d"), "a\\u{1b}[2Jb\\u{9b}c\\u{202e}d")
        XCTAssertEqual(UntrustedText.terminal("line\nnext"), "line\\u{a}next")
        XCTAssertEqual(UntrustedText.terminal("line\nnext", keepsLineBreaks: true), "line\nnext")
        XCTAssertEqual(UntrustedText.markdown("a|b*c<d>\u{1B}"), "a\\|b\\*c&lt;d&gt;\\\\u{1b}")
    }
}

/// Benchmark names come from suites and results files: data, never terminal
/// input or Markdown structure.
final class UntrustedNameReportTests: XCTestCase {
    func testAHostileBenchmarkNameIsEscapedInTextAndMarkdownReports() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-names-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plain = folder + "/plain.json"
        XCTAssertEqual(
            FrameBenchCommand.main(["run", "plain-feed", "--frames", "5", "--size", "20x5", "--format", "json", "--out", plain]), 0)
        var document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: plain))) as? [String: Any])
        var scenarios = try XCTUnwrap(document["scenarios"] as? [[String: Any]])
        scenarios[0]["name"] = "evil\u{1B}[2J|cell\u{9B}31m"
        document["scenarios"] = scenarios
        let hostile = folder + "/hostile.json"
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: hostile))

        for (arguments, name) in [
            (["baseline", "show", hostile, "--format", "text"], "show.txt"),
            (["baseline", "show", hostile, "--format", "markdown"], "show.md"),
            (["compare", hostile, hostile, "--format", "text"], "compare.txt"),
            (["compare", hostile, hostile, "--format", "markdown"], "compare.md"),
        ] {
            XCTAssertEqual(FrameBenchCommand.main(arguments + ["--out", folder + "/" + name]), 0, name)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            XCTAssertFalse(bytes.contains(0x1B), "\(name): a raw ESC reaches the terminal")
            XCTAssertFalse(String(decoding: bytes, as: UTF8.self).unicodeScalars.contains("\u{9B}"), "\(name): a raw CSI")
            let text = String(decoding: bytes, as: UTF8.self)
            XCTAssertTrue(text.contains("evil"), name)
            if name.hasSuffix(".md") {
                // Every table row with the name keeps the table's own number of cell separators.
                for row in text.split(separator: "\n") where row.contains("evil") && row.hasPrefix("|") {
                    let separators = row.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count
                    XCTAssertTrue(separators == 11 || separators == 7, "\(name): \(row)")  // the results table, the comparison table
                }
                // The tail's item (a list item, not a row) keeps the name's bar escaped too.
                for row in text.split(separator: "\n") where row.contains("evil") && row.hasPrefix("- ") {
                    XCTAssertFalse(row.replacingOccurrences(of: "\\|", with: "").contains("|"), "\(name): \(row)")
                }
            }
        }
    }
}
