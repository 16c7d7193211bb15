import GridCore
import GridLayouts
import Testing

/// Parameters out of range get a ``GridError`` naming the field, and a failed `prepare`
/// leaves the layout as it was; paths that do not exist get `nil`, never a trap.
@Suite("TileGrid bad input")
struct TileGridBadInputTests {
    struct BadInput: CustomStringConvertible, Sendable {
        var name: String
        var configuration: TileGrid.Configuration = .chGridView
        var container = Size(width: 320, height: 480)
        var field: String
        var code: GridError.Code = .invalidParameter
        /// The item counts the failing prepare is given.
        var counts = [40, 40]
        var description: String { name }
    }

    static func config(_ change: (inout TileGrid.Configuration) -> Void) -> TileGrid.Configuration {
        var config = TileGrid.Configuration.chGridView
        change(&config)
        return config
    }

    static let badInputs: [BadInput] = {
        let nan = Double.nan, inf = Double.infinity
        var cases: [BadInput] = []
        for n in [0, -1, Int.min] {
            cases.append(BadInput(name: "tilesPerLine \(n)", configuration: config { $0.tilesPerLine = n }, field: "tilesPerLine"))
        }
        for h in [4.0, 3.9, 0, -79, nan, inf, -inf] {
            // 4 = padding.height: tile height 4 − 4 = 0 is not > 0
            cases.append(BadInput(name: "rowHeight \(h)", configuration: config { $0.rowHeight = h }, field: "rowHeight"))
        }
        cases.append(BadInput(
            name: "rowHeight 10 ≤ padding.height 10",
            configuration: config { $0.rowHeight = 10; $0.padding.height = 10 }, field: "rowHeight"))
        for p in [-1.0, -0.0001, nan, inf, -inf] {
            cases.append(BadInput(name: "padding.width \(p)", configuration: config { $0.padding.width = p }, field: "padding.width"))
            cases.append(BadInput(name: "padding.height \(p)", configuration: config { $0.padding.height = p }, field: "padding.height"))
            cases.append(BadInput(
                name: "sectionTitleHeight \(p)", configuration: config { $0.sectionTitleHeight = p }, field: "sectionTitleHeight"))
        }
        for v in [-1.0, nan, inf, -inf] {
            cases.append(BadInput(name: "container.width \(v)", container: Size(width: v, height: 480), field: "container.width"))
            cases.append(BadInput(name: "container.height \(v)", container: Size(width: 320, height: v), field: "container.height"))
        }
        // Too narrow for a tile width > 0: 4 per line, padding 4:
        //   W = 23: floor((23 − 20)/4) = floor(0.75) = 0;  W = 20: floor(0/4) = 0;  W = 0: floor(−20/4) = −5
        for w in [23.0, 20, 0, 1e-9] {
            cases.append(BadInput(name: "container.width \(w) too narrow", container: Size(width: w, height: 480), field: "container.width"))
        }
        // 100 per line in 320 with padding 4: floor((320 − 404)/100) = −1
        cases.append(BadInput(
            name: "100 tiles per line in 320", configuration: config { $0.tilesPerLine = 100 }, field: "container.width"))
        // Int.max per line (n ≈ 9.2e18): floor((320 − 4·(n + 1))/n) = −4, and with no padding
        // floor(320/n) = 0. (n + 1 overflows if computed in Int.)
        cases.append(BadInput(
            name: "tilesPerLine Int.max", configuration: config { $0.tilesPerLine = Int.max }, field: "container.width"))
        cases.append(BadInput(
            name: "tilesPerLine Int.max, padding 0",
            configuration: config { $0.tilesPerLine = Int.max; $0.padding = .zero }, field: "container.width"))
        // Huge padding: floor((320 − 1e300·5)/4) = −∞ after rounding
        cases.append(BadInput(
            name: "padding.width 1e300", configuration: config { $0.padding.width = 1e300 }, field: "container.width"))
        // Finite parameters whose content height is not: frames would be infinite (law 3).
        // The error names the parameter with the largest share of the height.
        //   10 + 10 rows of 1e308 = 2e308 → ∞
        cases.append(BadInput(
            name: "rowHeight 1e308", configuration: config { $0.rowHeight = 1e308 }, field: "rowHeight"))
        //   2 titles of 1e308 = 2e308 → ∞ (rows: 20 · 79)
        cases.append(BadInput(
            name: "sectionTitleHeight 1e308", configuration: config { $0.sectionTitleHeight = 1e308 },
            field: "sectionTitleHeight"))
        //   3 empty sections, each ending with padding 1e308 = 3e308 → ∞
        cases.append(BadInput(
            name: "padding.height 1e308", configuration: config { $0.rowHeight = 1.5e308; $0.padding.height = 1e308 },
            field: "padding.height", counts: [0, 0, 0]))
        //   10,000 sections of 2^31/10^4 tiles, one per line, rows of 1e300: 2.1e309 → ∞
        cases.append(BadInput(
            name: "rowHeight 1e300, 2³¹ − 1 rows",
            configuration: config { $0.rowHeight = 1e300; $0.tilesPerLine = 1 }, field: "rowHeight",
            counts: Array(repeating: 214_748, count: 10_000)))
        return cases
    }()

    /// A layout prepared with good parameters, then asked to prepare with `bad`: it throws
    /// the right error and answers exactly as before.
    @Test(arguments: badInputs)
    func badParametersAreRefusedAndTheLayoutKeepsItsState(_ bad: BadInput) throws {
        let data = try DataShape(itemCounts: [3, 0, 5])
        var grid = try preparedGrid(.chGridView, data: data)
        let before = enumeratedElements(grid, data)
        let contentSize = grid.contentSize, tileWidth = grid.tileWidth, traits = grid.traits
        #expect(before.count == 11)  // 8 tiles, 3 headers

        grid.configuration = bad.configuration
        do {
            try grid.prepare(data: try DataShape(itemCounts: bad.counts), container: bad.container)
            Issue.record("\(bad): prepare should throw")
        } catch {
            #expect(error.code == bad.code, "\(bad): \(error)")
            #expect(error.field == bad.field, "\(bad): \(error)")
            #expect(!error.value.isEmpty && !error.expected.isEmpty, "\(bad): \(error)")
        }

        // Nothing changed: sizes, every frame bit for bit, and the old data's extent.
        #expect(grid.contentSize == contentSize, "\(bad)")
        #expect(grid.tileWidth == tileWidth, "\(bad)")
        #expect(grid.traits == traits, "\(bad)")
        let after = enumeratedElements(grid, data)
        #expect(before.count == after.count && zip(before, after).allSatisfy { $0.isIdentical(to: $1) }, "\(bad)")
        let queried = grid.elements(in: grid.contentBounds).sorted { $0.id < $1.id }
        #expect(queried.count == before.count && zip(queried, before).allSatisfy { $0.isIdentical(to: $1) }, "\(bad)")
        #expect(grid.attributes(at: ItemPath(section: 0, item: 3)) == nil, "\(bad): the new data was not taken")
        #expect(grid.attributes(at: ItemPath(section: 1, item: 0)) == nil, "\(bad): the new data was not taken")
    }

    @Test func aFirstPrepareThatFailsLeavesAnEmptyLayout() throws {
        var grid = TileGrid(TileGrid.Configuration(tilesPerLine: 0))
        #expect(throws: GridError.self) { try grid.prepare(data: try DataShape(itemCounts: [5]), container: Size(width: 320, height: 480)) }
        #expect(grid.contentSize == .zero)
        #expect(grid.elements(in: Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)).isEmpty)
        #expect(grid.attributes(at: ItemPath(section: 0, item: 0)) == nil)
        #expect(grid.supplementary(.sectionHeader, section: 0) == nil)
    }

    @Test func aFreshLayoutAnswersNothing() {
        let grid = TileGrid()
        #expect(grid.contentSize == .zero)
        #expect(grid.elements(in: Rect(x: 0, y: 0, width: 1000, height: 1000)).isEmpty)
        #expect(grid.attributes(at: ItemPath(section: 0, item: 0)) == nil)
        #expect(grid.supplementary(.sectionHeader, section: 0) == nil)
    }

    @Test func theNarrowestContainerThatFitsIsAccepted() throws {
        // W = 24: floor((24 − 20)/4) = 1
        let grid = try preparedGrid(.chGridView, data: try DataShape(itemCounts: [4]), width: 24)
        #expect(grid.tileWidth == 1)
        // A zero container height is fine: a vertical grid does not depend on it.
        var flat = TileGrid()
        try flat.prepare(data: try DataShape(itemCounts: [4]), container: Size(width: 320, height: 0))
        #expect(flat.contentSize == Size(width: 320, height: 22 + 79 + 4))
    }

    @Test func configurationValidateNamesTheField() {
        do {
            try TileGrid.Configuration(tilesPerLine: 2, rowHeight: 5, padding: Size(width: 1, height: 6)).validate()
            Issue.record("rowHeight 5 ≤ padding.height 6 must be refused")
        } catch {
            #expect(error.field == "rowHeight")
            #expect(error.value == "5.0")
        }
        #expect(throws: Never.self) { try TileGrid.Configuration.chGridView.validate() }
        // The tile width formula: floor((W − pw·(n+1))/n)
        #expect(TileGrid.Configuration.chGridView.tileWidth(containerWidth: 320) == 75)  // 300/4
        #expect(TileGrid.Configuration.chGridView.tileWidth(containerWidth: 23) == 0)  // 3/4
    }

    // MARK: Paths that do not exist

    @Test func outOfRangePathsGiveNil() throws {
        let data = try DataShape(itemCounts: [31, 0, 31])
        let grid = try preparedGrid(.chGridView, data: data)
        let missing = [
            (-1, 0), (0, -1), (-1, -1), (0, 31), (1, 0), (2, 31), (3, 0), (4, 4),
            (Int.min, 0), (0, Int.min), (Int.max, 0), (0, Int.max), (Int.min, Int.max),
        ]
        for (section, item) in missing {
            let path = ItemPath(section: section, item: item)
            #expect(grid.attributes(at: path) == nil, "\(path)")
            #expect(grid.attributes(for: ElementID(kind: .cell, path: path)).map { $0.path == path } != true, "\(path)")
        }
        #expect(grid.attributes(at: ItemPath(section: 2, item: 30)) != nil)
        #expect(grid.attributes(at: ItemPath(section: 0, item: 0)) != nil)
    }

    @Test func supplementaryIsNilForWrongKindsAndPaths() throws {
        let data = try DataShape(itemCounts: [31, 0, 31])
        let grid = try preparedGrid(.chGridView, data: data)
        for kind in ElementKind.allCases where kind != .sectionHeader {
            for section in 0..<3 {
                #expect(grid.supplementary(kind, section: section) == nil, "\(kind) \(section)")
                #expect(grid.supplementary(kind, at: ItemPath(section: section, item: section)) == nil, "\(kind) \(section)")
            }
        }
        for (section, item) in [(-1, 0), (3, 0), (0, 1), (0, -1), (1, 5), (Int.min, 0), (Int.max, 0)] {
            #expect(grid.supplementary(.sectionHeader, at: ItemPath(section: section, item: item)) == nil, "[\(section), \(item)]")
        }
        // The empty section still has its header.
        #expect(grid.supplementary(.sectionHeader, section: 1)?.frame == Rect(x: 0, y: 658, width: 320, height: 22))
        // By ID, too.
        #expect(grid.attributes(for: ElementID(kind: .sectionHeader, path: ItemPath(section: 2, item: 0))) != nil)
        #expect(grid.attributes(for: ElementID(kind: .sectionFooter, path: ItemPath(section: 2, item: 0))) == nil)
        #expect(grid.attributes(for: ElementID(rawValue: 0xF << 32)) == nil)
    }
}
