import Foundation
import PackagePlugin

/// Writes GridHarness's `replayFrames`, specialised for every layout of
/// `LayoutRegistry.builtIn` in every strategy of `StrategyKind.wrap`, at every build that
/// needs it, so that adding a layout to GridBench is its folder and its registry line.
///
/// The two files are declared as the command's inputs: editing the registry or the
/// strategies writes the list again. The files are found through the package's targets, so
/// the plugin works the same when GridBench is another package's dependency.
@main struct ReplaySpecializationPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let registry = try file("LayoutRegistry.swift", of: "GridLayouts", in: context.package)
        let strategyKind = try file("StrategyKind.swift", of: "GridStrategies", in: context.package)
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Replay+Specializations.swift")
        return [
            .buildCommand(
                displayName: "Writing the replay's specialisation list from \(registry.lastPathComponent) and \(strategyKind.lastPathComponent)",
                executable: try context.tool(named: "replay-specializations").url,
                arguments: [registry.path, strategyKind.path, output.path],
                inputFiles: [registry, strategyKind],
                outputFiles: [output])
        ]
    }

    /// The source file called `name` in the target `targetName` of `package`.
    private func file(_ name: String, of targetName: String, in package: Package) throws -> URL {
        let target = package.targets.first { $0.name == targetName } as? SourceModuleTarget
        guard let found = target?.sourceFiles.first(where: { $0.url.lastPathComponent == name }) else {
            throw PluginError("ReplaySpecializationPlugin: no \(name) in the target \(targetName) of \(package.displayName); the replay's specialisation list is read from it")
        }
        return found.url
    }
}

struct PluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
