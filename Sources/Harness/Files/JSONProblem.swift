/// What is wrong with JSON text and where: the key path
/// (`scenarios[0].settings.frames`), the message (with the text found
/// there), and the line and column. `JSONStreamParser` throws it as it
/// reads a file; the tests hold it to a whole-file reference scan that
/// finds the same problems (`JSONScan`, in the test target).
struct JSONProblem: Error, Equatable {
    /// `scenarios[0].settings.frames`, or "" at the top level.
    var path: String
    var message: String
    var line: Int
    var column: Int
    /// The text is not JSON at all (else: JSON, but a value no reader should take).
    var isSyntax = true

    var description: String {
        "\(path.isEmpty ? "" : "\(path): ")\(message) (line \(line), column \(column))"
    }

    /// One step of a key path.
    enum Step: Equatable {
        case key(String)
        case index(Int)
    }

    /// `scenarios[0].settings.frames` for the steps of that path.
    static func pathText(_ path: [Step]) -> String {
        var text = ""
        for step in path {
            switch step {
            case .key(let key): text += (text.isEmpty ? "" : ".") + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}
