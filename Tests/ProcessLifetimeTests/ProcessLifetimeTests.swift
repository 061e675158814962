import Foundation
import ProcessLifetime
import XCTest

/// The registry's spawning and removal, on real processes and folders.
/// (Its signal handler ends the process, so the reliability check's
/// lifetime block exercises it from outside.)
final class ProcessLifetimeTests: XCTestCase {
    private func spawnSleep(_ seconds: String) throws -> (pid: pid_t, slot: Int32) {
        let argv: [UnsafeMutablePointer<CChar>?] = (["/bin/sleep", seconds] as [String]).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        var slot: Int32 = -1
        let code = framebench_lifetime_spawn("/bin/sleep", argv, envp, nil, -1, 1, 2, "sleep", &pid, &slot)
        XCTAssertEqual(code, 0, String(cString: strerror(code)))
        return (pid, slot)
    }

    private func end(_ child: (pid: pid_t, slot: Int32)) {
        kill(child.pid, SIGKILL)
        var status: Int32 = 0
        var usage = rusage()
        _ = framebench_lifetime_wait(child.pid, child.slot, &status, &usage)
    }

    func testAChildLeadsItsOwnProcessGroupAndIsRegistered() throws {
        let child = try spawnSleep("30")
        defer { end(child) }
        XCTAssertEqual(getpgid(child.pid), child.pid)
        XCTAssertGreaterThanOrEqual(child.slot, 0)
    }

    func testAChildStartedForAThreadThatEndsOutlivesThatThread() throws {
        // PDEATHSIG fires when the forking *thread* ends: forks happen on the
        // spawning thread, so a worker thread that ends does not kill the child.
        nonisolated(unsafe) var child: (pid: pid_t, slot: Int32) = (0, -1)
        let thread = Thread { child = (try? self.spawnSleep("30")) ?? (0, -1) }
        let done = DispatchSemaphore(value: 0)
        let finisher = Thread {
            while !thread.isFinished { usleep(1_000) }
            done.signal()
        }
        thread.start()
        finisher.start()
        done.wait()
        usleep(200_000)
        XCTAssertGreaterThan(child.pid, 0)
        defer { end(child) }
        var status: Int32 = 0
        XCTAssertEqual(waitpid(child.pid, &status, WNOHANG), 0, "the child died with the thread that asked for it")
    }

    func testAFailedExecReportsItsErrnoAndLeavesNothing() {
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/nonexistent/program"), nil]
        let envp: [UnsafeMutablePointer<CChar>?] = [nil]
        defer { free(argv[0]) }
        var pid: pid_t = 0
        var slot: Int32 = -1
        let code = framebench_lifetime_spawn("/nonexistent/program", argv, envp, nil, -1, 1, 2, "missing", &pid, &slot)
        XCTAssertEqual(code, ENOENT)
        var status: Int32 = 0
        XCTAssertEqual(waitpid(-1, &status, WNOHANG), -1, "no child left to reap")
    }

    func testRemoveTreeRemovesNestedFoldersAndFiles() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lifetime-tree-\(UUID().uuidString)")
        var folder = root
        for depth in 0..<3 {
            folder = folder.appendingPathComponent("level\(depth)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for index in 0..<60 {  // more names than one 2 KB getdents64 buffer holds (about 30)
                let path = folder.appendingPathComponent("file-\(index)-\(UUID().uuidString)").path
                XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
            }
        }
        XCTAssertEqual(framebench_lifetime_remove_tree(root.path), 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.path))
        XCTAssertEqual(framebench_lifetime_remove_tree(root.path), 0, "a path already gone is no error")
    }
}
