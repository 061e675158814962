import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Frames done by a run in a child process (`IsolatedRun`), told to the
/// parent while the child runs, so that its progress line moves during a
/// run instead of only when one ends (a 20,000-frame run said "estimating"
/// for its whole 11 s).
///
/// The channel is a FIFO in the run's scratch folder, named to the child by
/// `environmentName`: the parent opens it for reading before the child
/// starts and reads it on a thread of its own (`Listener`); the child
/// (`Reporter`) writes one line, the frames done, after a block of frames
/// (`LaneRun.blockLength`), at most every `interval`. Nothing happens inside
/// a measured frame, and a line is written from a buffer on the stack, so
/// the child's counts are the same with the channel or without it. A line is
/// shorter than `PIPE_BUF`, so it arrives whole; writes never block (a full
/// or closed FIFO loses a line, which the next one or the run's end makes up).
public enum ChildProgress {
    /// The child's environment variable naming the FIFO; absent when nobody shows progress.
    public static let environmentName = "FRAMEBENCH_PROGRESS_FIFO"
    /// Lines at most this often, ns: 10 a second.
    public static let interval: UInt64 = 100_000_000

    /// The parent's end: reads the FIFO every `interval` while the child
    /// runs and calls `onFrames` with each new count, on its own thread.
    /// `stop()` returns after the last call: the caller's state is its own again.
    public final class Listener: @unchecked Sendable {
        public let path: String
        private let descriptor: Int32
        private let onFrames: (Int) -> Void
        private let stopping = DispatchSemaphore(value: 0)
        private let finished = DispatchSemaphore(value: 0)
        private var pending: [UInt8] = []
        private var lastCount = -1

        /// Makes the FIFO in `folder` and opens it; nil when it cannot (progress is decoration: the run goes on without it).
        public init?(in folder: URL, onFrames: @escaping (Int) -> Void) {
            let path = folder.appendingPathComponent("progress.fifo").path
            guard mkfifo(path, 0o600) == 0 else { return nil }
            // Non-blocking: the open does not wait for a writer, a read finds what is there.
            let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else {
                unlink(path)
                return nil
            }
            self.path = path
            self.descriptor = descriptor
            self.onFrames = onFrames
            Thread.detachNewThread { [self] in listen() }
        }

        private func listen() {
            while stopping.wait(timeout: .now() + .nanoseconds(Int(ChildProgress.interval))) == .timedOut {
                drain()
            }
            drain()
            finished.signal()
        }

        /// Reads what the child wrote; the last whole line is the count.
        func drain() {
            var buffer = [UInt8](repeating: 0, count: 512)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                pending += buffer[..<count]
            }
            guard let end = pending.lastIndex(of: UInt8(ascii: "\n")) else { return }
            let lines = pending[..<end].split(separator: UInt8(ascii: "\n"))
            pending.removeSubrange(...end)
            guard let last = lines.last, let frames = Int(String(decoding: last, as: UTF8.self)), frames > lastCount else { return }
            lastCount = frames
            onFrames(frames)
        }

        /// Stops listening: after it returns, `onFrames` is not called again.
        public func stop() {
            stopping.signal()
            finished.wait()
            close(descriptor)
            unlink(path)
        }

        /// The child's environment with the FIFO named in it.
        public func environment(_ environment: [String: String]) -> [String: String] {
            var environment = environment
            environment[ChildProgress.environmentName] = path
            return environment
        }
    }

    /// The child's end: the FIFO its parent named, or nothing to do.
    public struct Reporter {
        private var descriptor: Int32 = -1
        private var lastWrite: UInt64 = 0

        /// Opens the FIFO `environmentName` names; a reporter that does nothing without one.
        public init() {
            guard let path = getenv(ChildProgress.environmentName), path.pointee != 0 else { return }
            descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        }

        /// Writes `frames` as a line when `interval` has passed since the last
        /// one. No allocation: the digits go into a buffer on the stack.
        public mutating func report(framesDone frames: Int) {
            guard descriptor >= 0 else { return }
            let now = MonotonicClock.now()
            guard now &- lastWrite >= ChildProgress.interval else { return }
            lastWrite = now
            var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
            let written = withUnsafeMutableBytes(of: &digits) { raw -> Int in
                var index = raw.count - 1
                raw[index] = UInt8(ascii: "\n")
                var value = max(0, frames)
                repeat {
                    index -= 1
                    raw[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                } while value > 0 && index > 0
                return write(descriptor, raw.baseAddress! + index, raw.count - index)
            }
            if written < 0 && errno == EPIPE {
                // The parent stopped reading: nobody to tell.
                close(descriptor)
                descriptor = -1
            }
        }
    }
}
