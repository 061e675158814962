// swift-tools-version:5.10
import PackageDescription

/// A package of your own that benchmarks a scene with FrameBench's libraries:
/// the scene is written on `Layout` and `SceneKit`, measured by `Harness`
/// and printed by `Reports`, exactly as `framebench run` prints its own.
/// The dependency is by path because this example lives inside the
/// FrameBench checkout; elsewhere use `.package(url: ..., branch: "main")`
/// or a path to your clone.
let package = Package(
    name: "MyScene",
    dependencies: [
        .package(name: "FrameBench", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "my-scene",
            dependencies: [
                .product(name: "FrameGrid", package: "FrameBench"),
                .product(name: "Layout", package: "FrameBench"),
                .product(name: "Workloads", package: "FrameBench"),
                .product(name: "SceneKit", package: "FrameBench"),
                .product(name: "Harness", package: "FrameBench"),
                .product(name: "Reports", package: "FrameBench"),
            ],
            path: "Sources/MyScene"
        )
    ]
)
