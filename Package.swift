// swift-tools-version:5.10
import PackageDescription

/// FrameBench: a terminal UI core (cell grid, diff renderer, terminfo encoder)
/// and the `framebench` harness that measures it.
///
/// Layers, bottom to top (data flows one way):
///   FrameGrid      cells, styles, text writing, frame diff with scroll detection
///   TerminalOutput terminfo, encoder, sinks, ncurses reference renderer
///   Layout         SwiftUI-style views laid out onto the cell grid
///   Workloads      reference frame producers (plain-feed, full-churn...)
///   Scenes         the seed screens on the layout engine, and scripted input
///   Harness        runs, probes, per-phase metrics, statistics
///   framebench     the thin CLI
let package = Package(
    name: "FrameBench",
    products: [
        .executable(name: "framebench", targets: ["framebench"]),
        .library(name: "FrameGrid", targets: ["FrameGrid"]),
        .library(name: "TerminalOutput", targets: ["TerminalOutput"]),
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
        .target(name: "CPseudoTerminal", linkerSettings: [.linkedLibrary("util")]),
        // Drives any terminal program on a pty and measures its frames through libvterm.
        .target(name: "ProgramDriver", dependencies: ["CVTerm", "CPseudoTerminal"]),
        .testTarget(name: "ProgramDriverTests", dependencies: ["ProgramDriver"]),
        .target(name: "CAllocationCounter"),
        .target(name: "CCallgrind"),
        .target(name: "FrameGrid"),
        .target(name: "TerminalOutput", dependencies: ["FrameGrid", "CNcurses"]),
        .target(name: "Workloads", dependencies: ["FrameGrid"]),
        .target(
            name: "Harness",
            dependencies: [
                "FrameGrid", "TerminalOutput", "Workloads", "Scenes", "CAllocationCounter", "CCallgrind", "ProgramDriver",
            ]
        ),
        .target(name: "Scenes", dependencies: ["FrameGrid", "Layout", "Workloads"]),
        .testTarget(
            name: "SceneTests",
            dependencies: ["Scenes", "Layout", "FrameGrid", "Workloads", "TerminalOutput", "CAllocationCounter"]
        ),
        .target(name: "BenchmarkScenes", dependencies: ["FrameGrid", "Workloads"], path: "Benchmarks/Scenes"),
        .executableTarget(name: "framebench", dependencies: ["Harness", "BenchmarkScenes"]),
        .testTarget(name: "FrameGridTests", dependencies: ["FrameGrid"]),
        .testTarget(
            name: "TerminalOutputTests",
            dependencies: ["TerminalOutput", "FrameGrid", "Workloads", "CNcurses", "CAllocationCounter"]
        ),
        .testTarget(name: "HarnessTests", dependencies: ["Harness", "Workloads", "FrameGrid", "ProgramDriver"]),
        .testTarget(name: "AllocationCounterTests", dependencies: ["CAllocationCounter"]),
        // Runs two phases of known work under callgrind to show the counts are exact.
        .executableTarget(name: "callgrind-probe", dependencies: ["Harness"]),
        .testTarget(name: "InstructionCountTests", dependencies: ["Harness", "CCallgrind", "callgrind-probe"]),
        .target(name: "Layout", dependencies: ["FrameGrid"]),
        .testTarget(
            name: "LayoutTests",
            dependencies: ["Layout", "FrameGrid", "TerminalOutput", "CAllocationCounter"]
        ),
        // An ncurses program for `framebench program` (Benchmarks/Programs).
        .executableTarget(name: "ncurses-list", dependencies: ["CNcurses"], path: "Benchmarks/Programs/NcursesList"),
        .executableTarget(
            name: "layout-bench",
            dependencies: ["Layout", "FrameGrid", "TerminalOutput", "Workloads", "CAllocationCounter"],
            path: "Benchmarks/LayoutBench"
        ),
    ]
)
