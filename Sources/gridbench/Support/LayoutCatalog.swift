import Foundation
import GridConformance
import GridCore
import GridHarness
import GridLayouts

/// The reference layouts by the names files use, made from a golden fixture's recipe.
enum LayoutCatalog {
    /// A new, unprepared layout for `recipe`.
    ///
    /// - Throws: ``InputError`` naming `file` when the layout name is unknown or its
    ///   parameters do not decode.
    static func make(_ recipe: GoldenFixture.Recipe, file: String) throws(InputError) -> any GridLayout {
        switch recipe.layout {
        case "tile-grid":
            do {
                return TileGrid(try recipe.parameters.decode(TileGrid.Configuration.self))
            } catch let error as DecodingError {
                var wrapped = InputError(file: file, error)
                wrapped.field = "parameters." + wrapped.field
                throw wrapped
            } catch {
                throw InputError(file: file, field: "parameters", value: "\(error)", expected: "tile-grid parameters")
            }
        default:
            throw InputError(file: file, field: "layout", value: "\"\(recipe.layout)\"", expected: "one of " + LayoutSpec.layoutNames.joined(separator: ", "))
        }
    }

    /// `fixtures/layouts/` under a plan's root.
    static func goldenDirectory(_ plan: BenchmarkPlan) -> URL {
        plan.root.appendingPathComponent("fixtures/layouts")
    }

    /// Whether the plan keeps layout goldens: a plan of one's own need not.
    static func hasGoldens(_ plan: BenchmarkPlan) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: goldenDirectory(plan).path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
