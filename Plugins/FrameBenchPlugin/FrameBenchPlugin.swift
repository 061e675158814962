import Foundation
import PackagePlugin

/// `swift package framebench COMMAND ...`: framebench's whole command line in
/// any package that depends on FrameBench (and in FrameBench itself). The
/// tool is the package's own executable built on the `FrameBenchCLI` product
/// (its scenes in the catalog), else framebench. The plugin builds it in
/// release (figures from a debug build mean little), then runs it in the
/// package the plugin was invoked in: there, and with `--package-path` when
/// the package has its own `Benchmarks/suites.json`, so its suites, budgets
/// and `Results/` are the ones used. A failure of the tool is a failure of
/// the plugin, its status named.
///
///     swift package framebench run plain-feed --frames 600
///     swift package framebench program -- .build/release/my-app
///     swift package framebench --debug-build list     # a debug build
///     swift package framebench --product my-bench run # one of several executables on FrameBenchCLI
@main
struct FrameBenchPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var arguments = arguments
        var configuration = PackageManager.BuildConfiguration.release
        if let index = arguments.firstIndex(of: "--debug-build") {
            arguments.remove(at: index)
            configuration = .debug
        }
        var product = Self.commandLineProducts(of: context.package).first ?? "framebench"
        if let index = arguments.firstIndex(of: "--product") {
            guard index + 1 < arguments.count else { throw PluginFailure("--product needs a value (an executable product)") }
            product = arguments[index + 1]
            arguments.removeSubrange(index...index + 1)
        }
        let built = try packageManager.build(
            .product(product),
            parameters: .init(configuration: configuration, logging: .concise))
        guard built.succeeded else {
            FileHandle.standardError.write(Data(built.logText.utf8))
            throw PluginFailure("swift build --product \(product) failed (its log is above)")
        }
        guard let tool = built.builtArtifacts.first(where: { $0.kind == .executable && $0.path.lastComponent == product })
        else { throw PluginFailure("the build made no \(product) executable") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool.path.string)
        let package = context.package.directory.string
        process.currentDirectoryURL = URL(fileURLWithPath: package)
        let hasSuites = FileManager.default.fileExists(atPath: package + "/Benchmarks/suites.json")
        process.arguments = hasSuites ? Self.withPackagePath(arguments, package) : arguments
        try process.run()
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal {
            throw PluginFailure("\(product) ended by signal \(process.terminationStatus)")
        }
        if process.terminationStatus != 0 {
            // SwiftPM reports a plugin's failure as its own exit 1; the code the tool chose
            // (1 a gate or run failed, 2 bad usage) is said here so a script can still tell.
            throw PluginFailure("\(product) exited with status \(process.terminationStatus)")
        }
    }

    /// The package's executables whose target uses the `FrameBenchCLI` product:
    /// framebench's command line over the package's own catalog, which plain
    /// framebench cannot run. FrameBench's own executables use the target, not
    /// the product, so in FrameBench itself this is empty.
    static func commandLineProducts(of package: Package) -> [String] {
        package.products(ofType: ExecutableProduct.self).filter { product in
            product.mainTarget.dependencies.contains { dependency in
                if case .product(let used) = dependency { return used.name == "FrameBenchCLI" }
                return false
            }
        }.map(\.name)
    }

    /// framebench's arguments with `--package-path DIR` added where a command
    /// takes it: after the command's own arguments, before a `--` (whatever
    /// follows `--` is a program's command line); not for `--help`,
    /// `--version` or no command at all, and not when it is given already.
    static func withPackagePath(_ arguments: [String], _ directory: String) -> [String] {
        guard let command = arguments.first, !command.hasPrefix("-"), command != "help",
              !arguments.contains("--package-path")
        else { return arguments }
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        return Array(arguments[..<end]) + ["--package-path", directory] + Array(arguments[end...])
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
