// ns/byte of TerminalScreen.write over a stream file (scripts/guard-cost.sh):
// ScreenCost STREAM COLS ROWS REPEATS; fed in 4 KB writes, a frame every 64 KB.
import Glibc

let path = CommandLine.arguments[1]
let cols = Int(CommandLine.arguments[2])!, rows = Int(CommandLine.arguments[3])!
let repeats = Int(CommandLine.arguments[4])!
guard let file = fopen(path, "rb") else { fatalError("cannot open \(path)") }
var data: [UInt8] = []
var buffer = [UInt8](repeating: 0, count: 1 << 16)
while true {
    let n = fread(&buffer, 1, buffer.count, file)
    if n == 0 { break }
    data += buffer[0..<n]
}
func now() -> UInt64 { var t = timespec(); clock_gettime(CLOCK_MONOTONIC, &t); return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec) }
var best = UInt64.max
var samples: [Double] = []
for _ in 0..<repeats {
    let screen = TerminalScreen(cols: cols, rows: rows)
    let start = now()
    data.withUnsafeBytes { raw in
        var offset = 0
        var sinceFrame = 0
        while offset < raw.count {
            let n = min(4096, raw.count - offset)
            screen.write(UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + n)]))
            _ = screen.takeReplies()
            offset += n
            sinceFrame += n
            if sinceFrame >= 65536 { _ = screen.endFrame(); sinceFrame = 0 }
        }
    }
    samples.append(Double(now() - start) / Double(data.count))
}
samples.sort()
print("\(path) bytes \(data.count) ns/byte median \((samples[samples.count / 2] * 100).rounded() / 100) min \((samples[0] * 100).rounded() / 100)")
