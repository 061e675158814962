/// Results are keyed by `Metric`, written under the metric's name: a
/// `[Metric: Summary]` is the JSON object (`{"frame_time_ns": {...}}`) the
/// `[String: Summary]` of earlier builds was, the same keys in the same
/// sorted order, so schema-2 files read and write byte for byte as before.
extension Metric: CodingKeyRepresentable {}

/// Lanes key the counted child's report (`CountedRun`) by their names.
extension Backend: CodingKeyRepresentable {}

/// A name in a results file that is no metric, or not one of the kind its
/// place holds (an allocation count among instruction counts), or a backend
/// no result has (`ScenarioReport`'s `backend`): refused as
/// the file is read, in the words `RunDocument.validate` uses for every
/// other problem (`results file r.json: scenarios[0].metrics.frame_tme_ns
/// (scroll [framebench]): unknown metric 'frame_tme_ns'`), so no figure is
/// ever read from a key no metric owns.
struct UnknownResultName: Error, CustomStringConvertible {
    /// Where the object holding the name is (`scenarios[0]`, `scenarios[0].runs[1]`).
    var place: [JSONProblem.Step]
    /// The name's place in that object (`metrics.frame_tme_ns`, `unmeasured[2]`).
    var field: String
    var problem: String
    /// The benchmark (`name [backend]`), once the scenario's decoder adds it.
    var scenario: String?

    init(at codingPath: [CodingKey], field: String, problem: String) {
        place = codingPath.map { key in key.intValue.map(JSONProblem.Step.index) ?? .key(key.stringValue) }
        self.field = field
        self.problem = problem
    }

    var description: String {
        let path = place.isEmpty ? field : JSONProblem.pathText(place) + "." + field
        return "\(path)\(scenario.map { " (\($0))" } ?? ""): \(problem)"
    }

    /// An object keyed by metric names as the metrics it names, or the first
    /// name (in sorted order, as validation reports) that is no metric of
    /// `kinds` (nil: of any kind).
    /// - Parameters:
    ///   - section: the object's key (`metrics`), for the error's field.
    ///   - problem: what is wrong with a name, in the error's words.
    static func keyed<Value>(
        _ named: [String: Value], section: String, at codingPath: [CodingKey], kinds: Set<Metric.Kind>?,
        problem: (String) -> String
    ) throws -> [Metric: Value] {
        var keyed: [Metric: Value] = [:]
        keyed.reserveCapacity(named.count)
        for (name, value) in named.sorted(by: { $0.key < $1.key }) {
            guard let metric = Metric(rawValue: name), kinds?.contains(metric.kind) ?? true else {
                throw UnknownResultName(at: codingPath, field: "\(section).\(name)", problem: problem(name))
            }
            keyed[metric] = value
        }
        return keyed
    }

    /// A list of metric names as the metrics, or the first name that is no metric.
    static func listed(_ names: [String], section: String, at codingPath: [CodingKey]) throws -> [Metric] {
        var metrics: [Metric] = []
        for (index, name) in names.enumerated() {
            guard let metric = Metric(rawValue: name) else {
                throw UnknownResultName(at: codingPath, field: "\(section)[\(index)]", problem: "unknown metric '\(name)'")
            }
            metrics.append(metric)
        }
        return metrics
    }
}

extension Metric.Kind {
    /// The kinds runs keep frame by frame (instruction counts are kept per scenario).
    static let perFrame: Set<Metric.Kind> = [.timing, .allocation, .output]
}

extension Dictionary where Key == Metric {
    /// The entries in the order a results file lists them: by metric name.
    public var sortedByName: [(key: Metric, value: Value)] { sorted { $0.key.rawValue < $1.key.rawValue } }
}
