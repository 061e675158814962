// swift-tools-version:5.10
import PackageDescription

/// FrameBench: a terminal UI core (cell grid, diff renderer, terminfo encoder)
/// and the `framebench` harness that measures it.
///
/// Layers, bottom to top (data flows one way):
///   FrameGrid      cells, styles, text writing, frame diff with scroll detection
///   TerminalOutput terminfo, encoder, sinks, ncurses reference renderer
///   Layout         SwiftUI-style views laid out onto the cell grid
///   Workloads      the `Workload` protocol and reference frame producers (plain-feed, full-churn...)
///   SceneKit       the scene contract (`Scene`, `SceneWorkload`) and input scripts
///   Scenes         the seed screens on the layout engine
///   Harness        the measurement library: runs, lanes, probes, metrics, statistics,
///                  compare, budgets, result store (no scene catalog, typed errors)
///   Reports        what a run says, every format behind one `Exporter`: text,
///                  Markdown, JUnit, JSON, the HTML page and its SVG charts, the
///                  exports for trackers (github-action-benchmark, Bencher, CSV),
///                  the Chrome/Perfetto trace and the flame graph
///   FrameBenchCLI  the command line: options, commands, reports, live mode, the
///                  catalog of scenarios, and the one place errors become exit codes,
///                  over framebench's catalog or a package's own (`FrameBenchCLI.main`)
///   framebench     the executable: one call into FrameBenchCLI
///
/// The libraries are products: another package can write a scene on `Layout`
/// and `SceneKit` and get framebench's whole command line over it from
/// `FrameBenchCLI` (see `Examples/MyScene` and docs/library.md), or measure it
/// with `Harness` and print it with `Reports` itself.
let package = Package(
    name: "FrameBench",
    products: [
        .executable(name: "framebench", targets: ["framebench"]),
        .library(name: "FrameBenchCLI", targets: ["FrameBenchCLI"]),
        .library(name: "FrameGrid", targets: ["FrameGrid"]),
        .library(name: "TerminalOutput", targets: ["TerminalOutput"]),
        .library(name: "Layout", targets: ["Layout"]),
        .library(name: "Workloads", targets: ["Workloads"]),
        .library(name: "SceneKit", targets: ["SceneKit"]),
        .library(name: "Harness", targets: ["Harness"]),
        .library(name: "Reports", targets: ["Reports"]),
        .plugin(name: "FrameBenchPlugin", targets: ["FrameBenchPlugin"]),
    ],
    targets: [
        .systemLibrary(
            name: "CNcurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        .systemLibrary(
            name: "CVTerm",
            pkgConfig: "vterm",
            providers: [.apt(["libvterm-dev"])]
        ),
        // The one registry of children and scratch paths that must not outlive framebench,
        // and the thread every child is forked on (below ProgramDriver and Harness).
        .target(name: "ProcessLifetime"),
        .testTarget(name: "ProcessLifetimeTests", dependencies: ["ProcessLifetime"]),
        .target(name: "CPseudoTerminal", dependencies: ["ProcessLifetime"], linkerSettings: [.linkedLibrary("util")]),
        // Drives any terminal program on a pty and measures its frames through libvterm.
        // JSON string literals for the files written by hand (frame logs, recordings), below ProgramDriver and Harness.
        .target(name: "JSONText"),
        .testTarget(name: "JSONTextTests", dependencies: ["JSONText"]),
        .target(name: "ProgramDriver", dependencies: ["CVTerm", "CPseudoTerminal", "ProcessLifetime", "JSONText"]),
        .testTarget(name: "ProgramDriverTests", dependencies: ["ProgramDriver"]),
        .target(name: "CAllocationCounter"),
        .target(name: "CCallgrind"),
        .target(name: "FrameGrid"),
        .target(name: "TerminalOutput", dependencies: ["FrameGrid", "CNcurses"]),
        .target(name: "Workloads", dependencies: ["FrameGrid"]),
        .target(
            name: "Harness",
            dependencies: [
                "FrameGrid", "TerminalOutput", "Workloads", "Layout", "CAllocationCounter", "CCallgrind", "ProgramDriver",
                "ProcessLifetime", "JSONText",
            ]
        ),
        .target(name: "Reports", dependencies: ["Harness"]),
        .target(name: "SceneKit", dependencies: ["FrameGrid", "Workloads"]),
        .target(name: "Scenes", dependencies: ["FrameGrid", "Layout", "Workloads", "SceneKit"]),
        // Screens compared row by row and scenes played frame by frame, for any test target.
        .target(name: "TestSupport", dependencies: ["FrameGrid", "Workloads", "SceneKit"], path: "Tests/TestSupport"),
        .testTarget(
            name: "SceneTests",
            dependencies: [
                "Scenes", "SceneKit", "Layout", "FrameGrid", "Workloads", "TerminalOutput", "CAllocationCounter",
                "TestSupport",
            ]
        ),
        .target(name: "BenchmarkScenes", dependencies: ["FrameGrid", "Workloads"], path: "Benchmarks/Scenes"),
        // The command line as a library: `FrameBenchCLI.main(catalog:)` is framebench's whole CLI
        // over any catalog, so a package's own executable gets it for its scenes in one call.
        .target(
            name: "FrameBenchCLI",
            dependencies: [
                "Harness", "Reports", "Workloads", "SceneKit", "Scenes", "BenchmarkScenes", "FrameGrid", "TerminalOutput",
                "ProgramDriver", "ProcessLifetime",
            ],
            plugins: ["GitCommitPlugin"]
        ),
        .executableTarget(name: "framebench", dependencies: ["FrameBenchCLI"]),
        // A package's own executable in miniature: FrameBenchCLI over a catalog with a scene
        // framebench lacks, so tests see its children run it (isolated and under callgrind).
        .executableTarget(
            name: "framebench-catalog-fixture", dependencies: ["FrameBenchCLI", "Workloads", "FrameGrid"],
            path: "Tests/CatalogFixture"),
        // Records the git commit the sources were built from, for `framebench --version`.
        .plugin(name: "GitCommitPlugin", capability: .buildTool()),
        .testTarget(name: "FrameGridTests", dependencies: ["FrameGrid"]),
        .testTarget(
            name: "TerminalOutputTests",
            dependencies: ["TerminalOutput", "FrameGrid", "Workloads", "CNcurses", "CAllocationCounter"]
        ),
        // The library's tests, and the command line's (through FrameBenchCLI; the executables are built for the tests that start them).
        .testTarget(
            name: "HarnessTests",
            dependencies: [
                "Harness", "Reports", "FrameBenchCLI", "framebench", "Workloads", "FrameGrid", "ProgramDriver",
                "framebench-list-peer", "framebench-catalog-fixture",
            ]),
        .testTarget(name: "AllocationCounterTests", dependencies: ["CAllocationCounter"]),
        // Runs two phases of known work under callgrind to show the counts are exact.
        .executableTarget(name: "callgrind-probe", dependencies: ["Harness"]),
        .testTarget(name: "InstructionCountTests", dependencies: ["Harness", "CCallgrind", "callgrind-probe"]),
        .target(name: "Layout", dependencies: ["FrameGrid"]),
        .testTarget(
            name: "LayoutTests",
            dependencies: ["Layout", "FrameGrid", "TerminalOutput", "CAllocationCounter", "TestSupport", "Workloads"]
        ),
        // An ncurses program for `framebench program` (Benchmarks/Programs).
        .executableTarget(name: "ncurses-list", dependencies: ["CNcurses"], path: "Benchmarks/Programs/NcursesList"),
        // The shootout's FrameBench peer: the peers' list on Layout and TerminalRenderer (Benchmarks/Peers).
        .executableTarget(
            name: "framebench-list-peer", dependencies: ["Layout", "FrameGrid", "TerminalOutput"],
            path: "Benchmarks/Peers/framebench", plugins: ["GitCommitPlugin"]),
        .executableTarget(
            name: "layout-bench",
            dependencies: ["Layout", "FrameGrid", "TerminalOutput", "Workloads", "Harness"],
            path: "Benchmarks/LayoutBench"
        ),
        // `swift package framebench ...` (Plugins/FrameBenchPlugin): framebench, built in
        // release, over the package it is invoked in.
        .plugin(
            name: "FrameBenchPlugin",
            capability: .command(
                intent: .custom(verb: "framebench", description: "Runs framebench (built in release) on this package")
            )
        ),
    ]
)
