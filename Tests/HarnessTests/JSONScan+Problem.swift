import Foundation
@testable import Harness

extension JSONScan {
    /// What the whole-file scan finds wrong with `text`, or nil when it is
    /// JSON: the reference the tests hold the scan and the stream to.
    static func problem(in text: String) -> Problem? {
        Array(text.utf8).withUnsafeBytes { bytes -> Problem? in
            do {
                _ = try check(bytes)
                return nil
            } catch let problem as Problem {
                return problem
            } catch {
                return nil
            }
        }
    }
}
