// swift-tools-version:5.10
import PackageDescription

/// A package of your own that benchmarks a scene with FrameBench: the scene
/// is written on `Layout` and `SceneKit`, and `FrameBenchCLI` gives its
/// executable framebench's whole command line over it (run, compare, check,
/// baseline, --help). The dependency is by path because this example lives
/// inside the FrameBench checkout; elsewhere use `.package(url: ..., branch:
/// "main")` or a path to your clone.
let package = Package(
    name: "MyScene",
    dependencies: [
        .package(name: "FrameBench", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "my-scene",
            dependencies: [
                .product(name: "FrameBenchCLI", package: "FrameBench"),
                .product(name: "FrameGrid", package: "FrameBench"),
                .product(name: "Layout", package: "FrameBench"),
                .product(name: "Workloads", package: "FrameBench"),
                .product(name: "SceneKit", package: "FrameBench"),
            ],
            path: "Sources/MyScene"
        )
    ]
)
