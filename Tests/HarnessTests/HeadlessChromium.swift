import Foundation
import XCTest

/// Headless Chromium for the tests that check pages as a browser draws
/// them: a screenshot (pixels to check) or the DOM after the page's script
/// ran. `locate()` skips the test, saying why, where Chromium is missing
/// (`.ci/run` installs it).
struct HeadlessChromium {
    let executable: String
    /// Chromium's profile and crash folders go here, never into the real HOME.
    let home: URL

    static func locate(home: URL) throws -> HeadlessChromium {
        guard let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) else { throw XCTSkip("chromium is not installed (.ci/run installs it)") }
        return HeadlessChromium(executable: chromium, home: home)
    }

    private var common: [String] { ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"] }

    /// A screenshot of `url` in a window `width` x `height` pixels.
    func screenshot(_ url: URL, to picture: URL, width: Int, height: Int) throws -> String {
        try? FileManager.default.removeItem(at: picture)
        return try Self.run(executable, common + ["--screenshot=\(picture.path)", "--window-size=\(width),\(height)", url.absoluteString],
            home: home.path, mergeErrors: true).output
    }

    /// The page's DOM once its scripts ran (`address` may carry a fragment the page reads).
    func dumpDOM(_ address: String) throws -> String {
        try Self.run(executable, common + ["--dump-dom", address], home: home.path).output
    }

    /// Runs a program to its end; its standard output (and error, when `mergeErrors`).
    /// Standard error goes to the pipe too when `mergeErrors`, else to a file in `home` (Chromium's
    /// warnings must not mix with a dumped DOM).
    static func run(_ executable: String, _ arguments: [String], home: String?, mergeErrors: Bool = false) throws
        -> (status: Int32, output: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let home { process.environment = ["HOME": home, "PATH": "/usr/bin:/bin"] }
        let pipe = Pipe()
        process.standardOutput = pipe
        if mergeErrors || home == nil {
            process.standardError = pipe
        } else {
            let errors = URL(fileURLWithPath: home!).appendingPathComponent("stderr.txt")
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errors)
        }
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// `scripts/png_variety.py` on a screenshot, with its arguments.
    static func checkPicture(_ picture: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/png_variety.py")
        return try run("/usr/bin/python3", [script.path, picture.path] + arguments, home: nil, mergeErrors: true)
    }
}
