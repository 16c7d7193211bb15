import Foundation
import GridConformance
import GridCore
import GridLayouts
import GridStrategies

/// `gridbench conform --isolate` on a layout with a trap planted in it (``PlantedTrap``),
/// built for the tests only, so that the shipped `gridbench` carries nothing test-only:
/// the registry's layouts do not trap, so without it no test could show the isolated suite
/// meeting one.
///
/// It checks the reference tile grid through on demand, as `gridbench conform --isolate`
/// does by default, with the same options and the same report; it takes only `--quick`
/// and `--max-violations N`. Exits 0 when every law holds, 1 when one is broken, 2 for an
/// argument it does not know.
@main
enum PlantedConform {
    static func main() {
        var options = ConformanceOptions()
        var maxViolations = 20
        var arguments = CommandLine.arguments.dropFirst()
        while let argument = arguments.popFirst() {
            switch argument {
            case "--quick":
                let seed = options.seed
                options = .quick
                options.seed = seed
            case "--max-violations":
                guard let value = arguments.popFirst().flatMap(Int.init) else { fail("--max-violations needs a whole number") }
                maxViolations = value
            default:
                fail("unknown argument \(argument): expected --quick or --max-violations N")
            }
        }
        options.maxViolations = maxViolations
        options.isolation = ConformanceIsolation()
        let kind = StrategyKind.onDemand
        let configuration: any LayoutConfiguration.Type
        do {
            configuration = try LayoutRegistry.configuration(named: TileGrid.Configuration.layoutName)
        } catch {
            fail("\(error)")
        }
        let report = GridConformance.check("\(TileGrid.Configuration.layoutName) (\(kind.rawValue))", options: options) { () -> AnyGridLayout in
            let base = configuration.reference.makeAnyLayout()
            return AnyGridLayout(PlantedTrap(AnyGridLayout((try? kind.wrap(base)) ?? base)))
        }
        print(report.description(maxViolationsSetting: "--max-violations"))
        exit(report.isPassing ? 0 : 1)
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("gridbench-conform-planted: error: \(message)\n".utf8))
        exit(2)
    }
}
