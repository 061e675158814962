import Workloads

/// Benchmarks of your own: add a file beside this one that defines a
/// `Workload` (see `TickerExample.swift`), list it here, and declare a
/// benchmark that uses it in `Benchmarks/suites.json`. `framebench list`
/// shows it and `framebench run`, `record`, `compare` and `check` run it.
public enum BenchmarkScenes {
    public static let all: [WorkloadEntry] = [
        WorkloadEntry(name: TickerExample.name, summary: TickerExample.summary) { TickerExample(settings: $0) }
    ]
}
