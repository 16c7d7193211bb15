import GridCore
import Testing

@testable import GridConformance

/// The pieces the laws are checked with, each against a second, plainer computation.
@Suite struct ProbeTests {
    /// Seeded random frames: some empty, negative, NaN or overlapping.
    func randomElements(_ count: Int, seed: UInt64) -> [LayoutAttributes] {
        var random = SeededRandom(seed: seed)
        return (0 ..< count).map { index in
            var frame = Rect(
                x: random.uniform(-20 ... 300).rounded(), y: random.uniform(-20 ... 900).rounded(),
                width: random.uniform(-5 ... 120).rounded(), height: random.uniform(-5 ... 150).rounded())
            if index % 17 == 0 { frame.origin.y = .nan }
            return .cell(ItemPath(section: index / 10, item: index % 10), frame: frame)
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func expectedElementsIsTheBruteForceFilter(seed: UInt64) {
        let elements = randomElements(400, seed: seed)
        let expected = ExpectedElements(whole: elements + elements.prefix(5))  // duplicates count once
        var random = SeededRandom(seed: seed &* 31)
        for _ in 0 ..< 500 {
            let rect = Rect(
                x: random.uniform(-50 ... 350).rounded(), y: random.uniform(-50 ... 950).rounded(),
                width: random.uniform(-10 ... 200).rounded(), height: random.uniform(-10 ... 300).rounded())
            let plain = elements.filter { $0.frame.intersects(rect) }.sorted { $0.id < $1.id }
            #expect(expected.intersecting(rect) == plain, "\(rect)")
        }
    }

    @Test func stripsEndAndStartExactlyOnEveryBoundary() {
        let frames = [Rect(x: 4, y: 26, width: 75, height: 75), Rect(x: 0, y: 0.1, width: 320, height: 22.2), Rect(x: 3.3, y: 1e7 / 3, width: 1, height: 1 / 3)]
        let whole = frames.enumerated().map { LayoutAttributes.cell(ItemPath(section: 0, item: $0.offset), frame: $0.element) }
        let data = (try? DataShape(itemCounts: [3])) ?? .empty
        let contentSize = Size(width: 320, height: 1e7)
        let plan = ProbePlan.full(
            data: data, container: Size(width: 320, height: 480), contentSize: contentSize,
            wholeRect: ProbePlan.wholeRect(contentSize: contentSize), whole: whole, seed: 1, randomRects: 8)
        let ys = Set(frames.flatMap { [$0.minY, $0.maxY] })
        var seen = Set<Double>()
        for (rect, role) in zip(plan.rects, plan.roles) {
            guard case .strip(let edge, let at) = role else { continue }
            switch edge {
            case .above: #expect(rect.maxY == at && rect.height > 0)
            case .below: #expect(rect.minY == at && rect.height > 0)
            case .left: #expect(rect.maxX == at && rect.width > 0)
            case .right: #expect(rect.minX == at && rect.width > 0)
            }
            if edge == .above { seen.insert(at) }
        }
        #expect(seen == ys)
        #expect(plan.rects[plan.wholeIndex] == Rect(x: -64, y: -64, width: 448, height: 1e7 + 128))
    }

    @Test func splitsCoverTheirRectExactly() {
        let data = (try? DataShape(itemCounts: [31, 5])) ?? .empty
        let whole = (0 ..< 31).map { LayoutAttributes.cell(ItemPath(section: 0, item: $0), frame: Rect(x: 4 + Double($0 % 4) * 79, y: 26 + Double($0 / 4) * 79, width: 75, height: 75)) }
        let contentSize = Size(width: 333.5, height: 700)
        let plan = ProbePlan.full(
            data: data, container: Size(width: 333.5, height: 500.25), contentSize: contentSize,
            wholeRect: ProbePlan.wholeRect(contentSize: contentSize), whole: whole, seed: 9, randomRects: 24)
        #expect(plan.splits.count >= 24 * 2)
        for split in plan.splits {
            let (w, a, b) = (plan.rects[split.whole], plan.rects[split.first], plan.rects[split.second])
            let across = a.maxX == b.minX && a.minY == b.minY && a.maxY == b.maxY && a.minX == w.minX && b.maxX == w.maxX && a.minY == w.minY && a.maxY == w.maxY
            let down = a.maxY == b.minY && a.minX == b.minX && a.maxX == b.maxX && a.minY == w.minY && b.maxY == w.maxY && a.minX == w.minX && a.maxX == w.maxX
            #expect(across || down, "\(w) → \(a), \(b)")
        }
    }

    @Test func theWholeRectCoversTheContentAndEveryItemFrame() {
        let size = Size(width: 100, height: 200)
        #expect(ProbePlan.wholeRect(contentSize: size) == Rect(x: -64, y: -64, width: 228, height: 328))
        // A frame 300 points below the content (law 4's business) is still in the full set.
        let covering = ProbePlan.wholeRect(contentSize: size, covering: [Rect(x: -10, y: 490, width: 20, height: 10), Rect(x: .nan, y: 0, width: 1, height: 1)])
        #expect(covering == Rect(x: -74, y: -64, width: 238, height: 628))
        #expect(ProbePlan.wholeRect(contentSize: Size(width: .infinity, height: 1)) == ProbePlan.huge)
        #expect(ProbePlan.wholeRect(contentSize: Size(width: -1, height: 1)) == ProbePlan.huge)
    }

    @Test func probesCoverPathsBeyondTheData() throws {
        let data = try DataShape(itemCounts: [2, 0])
        let items = ProbePlan.itemProbes(data)
        #expect(items == [
            ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1),
            ItemPath(section: 0, item: 2), ItemPath(section: 1, item: 0), ItemPath(section: 2, item: 0),
            ItemPath(section: -1, item: 0), ItemPath(section: 0, item: -1),
        ])
    }

    @Test func supplementaryProbesComeFromTheDeclaredSpaces() throws {
        let data = try DataShape(itemCounts: [2, 0])
        func paths(_ pairs: [(Int, Int)]) -> [ItemPath] { pairs.map { ItemPath(section: $0.0, item: $0.1) } }
        // A layout that declares nothing: a header and a footer per section of the data.
        let column = LayoutAttributes(kind: .columnHeader, path: ItemPath(section: 0, item: 4), frame: Rect(x: 0, y: 0, width: 1, height: 1))
        let byDefault = ProbePlan.supplementaryProbes(data, spaces: SupplementaryPaths.sectionHeadersAndFooters, whole: [column])
        // In the space (one per section at item 0), then just outside it.
        let perSection = paths([(0, 0), (1, 0), (-1, 0), (0, -1), (2, 0), (0, 1), (1, 1)])
        #expect(byDefault.filter { $0.kind == .sectionHeader }.map(\.path) == perSection)
        #expect(byDefault.filter { $0.kind == .sectionFooter }.map(\.path) == perSection)
        // Kinds not declared are looked for at a few paths; the whole answer's column header last.
        #expect(byDefault.filter { $0.kind == .corner }.map(\.path) == paths([(0, 0), (0, 1), (1, 0)]))
        #expect(byDefault.filter { $0.kind == .columnHeader }.map(\.path) == paths([(0, 0), (0, 1), (1, 0), (0, 4)]))
        #expect(byDefault.last == SupplementaryRequest(kind: .columnHeader, path: ItemPath(section: 0, item: 4)))
        #expect(Set(byDefault.map(\.id)).count == byDefault.count)

        // A data grid's header row of 3 columns and a corner; nothing per section.
        let grid = [SupplementaryPaths(.columnHeader, .grid(sections: 1, items: 3)), SupplementaryPaths(.corner, .grid(sections: 1, items: 1))]
        let declared = ProbePlan.supplementaryProbes(data, spaces: grid, whole: [])
        #expect(declared.filter { $0.kind == .columnHeader }.map(\.path) == paths([(0, 0), (0, 1), (0, 2), (-1, 0), (0, -1), (1, 0), (0, 3), (1, 2)]))
        #expect(declared.filter { $0.kind == .corner }.map(\.path) == paths([(0, 0), (-1, 0), (0, -1), (1, 0), (0, 1)]))
        #expect(declared.filter { $0.kind == .sectionHeader }.map(\.path) == paths([(0, 0), (0, 1), (1, 0)]))
        // Recording a fixture asks only for what may exist.
        #expect(ProbePlan.supplementaryProbes(data, spaces: grid, whole: [], beyond: false).count == 4)
    }

    @Test func aHugeDeclaredSpaceIsProbedAtItsEndsAndEvenlyBetween() {
        let rows = ProbePlan.pathsProbed(in: .grid(sections: 1_000_000, items: 1), data: .empty)
        #expect(rows.count == ProbePlan.maxPathsPerSpace)
        #expect(rows.prefix(8).map(\.section) == Array(0 ..< 8))
        #expect(rows.suffix(8).map(\.section) == Array(999_992 ..< 1_000_000))
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0.section < $1.section && $0.item == 0 && $1.item == 0 })
        // Both dimensions huge: 64 sections × 64 items, ends included.
        let both = ProbePlan.pathsProbed(in: .grid(sections: 1 << 28, items: 1 << 31), data: .empty)
        #expect(both.count == 64 * 64)
        #expect(both.first == ItemPath(section: 0, item: 0) && both.last == ItemPath(section: (1 << 28) - 1, item: (1 << 31) - 1))
        // Small spaces whole, in path order; a per-section space follows the data.
        #expect(ProbePlan.pathsProbed(in: .grid(sections: 2, items: 3), data: .empty).count == 6)
        let data = (try? DataShape(sections: 5000, itemsPerSection: 0)) ?? .empty
        #expect(ProbePlan.pathsProbed(in: .perSection, data: data).count == ProbePlan.maxPathsPerSpace)
        #expect(ProbePlan.chosenIndices(10, count: 4) == [0, 1, 8, 9])
        #expect(ProbePlan.chosenIndices(3, count: 4) == [0, 1, 2])
    }

    @Test func shrinkCandidatesGetSmallerFewestSectionsFirst() throws {
        let data = try DataShape(itemCounts: [5, 0, 3, 1])
        let candidates = ShapeShrinker.candidates(of: data)
        #expect(candidates.first?.itemCounts == [3, 1])  // the first half of the sections removed
        #expect(candidates.allSatisfy { $0.sectionCount < 4 || $0.totalItems < 9 })
        #expect(Set(candidates).count == candidates.count)
        #expect(!candidates.contains(data))
        let sized = try DataShape(itemCounts: [1], itemSizes: [Size(width: 3, height: 4)])
        #expect(ShapeShrinker.candidates(of: sized).first == (try DataShape(itemCounts: [1])))
    }

    @Test func rectangularShapesShrinkAlongRecordsAndFieldsAndStayRectangular() throws {
        let data = try DataShape(sections: 3, itemsPerSection: 4)
        let candidates = ShapeShrinker.candidates(of: data)
        // Records first (single ones: 3 halves to 1), then fields from every record: all of
        // them, halves, single ones; never a ragged shape.
        #expect(candidates.first?.itemCounts == [4, 4])
        #expect(candidates.allSatisfy { Set($0.itemCounts).count <= 1 }, "\(candidates.map(\.itemCounts))")
        let shapes = Set(candidates.map { [$0.sectionCount, $0.itemCounts.first ?? 0] })
        #expect(shapes == [[2, 4], [3, 0], [3, 2], [3, 3]])
        // With item sizes, the fields' sizes go with them.
        let sized = try DataShape(itemCounts: [2, 2], itemSizes: (1 ... 4).map { Size(width: Double($0), height: 1) })
        let firstFieldGone = try #require(ShapeShrinker.deleting(0 ..< 1, fromEverySectionOf: sized))
        #expect(firstFieldGone.itemSizes == [Size(width: 2, height: 1), Size(width: 4, height: 1)])
    }

    /// A grid of `rows` × `columns` cells of 150 × 44 below a header row of 44, beside a header
    /// column of 60, as a two-axis layout's whole-content answer.
    func gridElements(rows: Int, columns: Int) -> [LayoutAttributes] {
        var elements: [LayoutAttributes] = []
        for row in 0 ..< rows {
            for column in 0 ..< columns {
                elements.append(.cell(ItemPath(section: row, item: column), frame: Rect(x: 60 + Double(column) * 150, y: 44 + Double(row) * 44, width: 150, height: 44)))
            }
            elements.append(LayoutAttributes(kind: .rowHeader, path: ItemPath(section: row, item: 0), frame: Rect(x: 0, y: 44 + Double(row) * 44, width: 60, height: 44)))
        }
        for column in 0 ..< columns {
            elements.append(LayoutAttributes(kind: .columnHeader, path: ItemPath(section: 0, item: column), frame: Rect(x: 60 + Double(column) * 150, y: 0, width: 150, height: 44)))
        }
        return elements
    }

    @Test func twoAxisPlansCrossColumnAndRowBoundaries() throws {
        let (rows, columns) = (3, 100)
        let whole = gridElements(rows: rows, columns: columns)
        let data = try DataShape(sections: rows, itemsPerSection: columns)
        let contentSize = Size(width: 60 + 150 * Double(columns), height: 44 + 44 * Double(rows))
        func plan(twoAxis: Bool) -> ProbePlan {
            ProbePlan.full(
                data: data, container: Size(width: 320, height: 480), contentSize: contentSize,
                wholeRect: ProbePlan.wholeRect(contentSize: contentSize), whole: whole, seed: 5, randomRects: 8, twoAxis: twoAxis)
        }
        let xs = [0.0] + (0 ... columns).map { 60 + 150 * Double($0) }  // every column boundary
        let ys = (0 ... rows + 1).map { 44 * Double($0) }

        let oneAxis = plan(twoAxis: false)
        // A few crossings even along one axis: 4 column boundaries by 4 row boundaries, at most
        // five rects each.
        let oneAxisCorners = oneAxis.roles.filter { if case .corner = $0 { true } else { false } }.count
        #expect(oneAxisCorners > 0 && oneAxisCorners <= 4 * 4 * 5)
        let oneAxisXs = Set(oneAxis.roles.compactMap { if case .strip(.left, let at) = $0 { at } else { nil } })
        #expect(oneAxisXs.count == ProbePlan.maxColumnBoundaries)

        let twoAxes = plan(twoAxis: true)
        // Strips on both sides of every column boundary: full height, and one row high.
        for edge in [ConformanceViolation.Edge.left, .right] {
            let strips = zip(twoAxes.rects, twoAxes.roles).compactMap { rect, role -> (Double, Rect)? in
                if case .strip(let e, let at) = role, e == edge { (at, rect) } else { nil }
            }
            #expect(Set(strips.map(\.0)) == Set(xs))
            #expect(Set(strips.filter { $0.1.height == 44 }.map(\.0)) == Set(xs), "\(edge): a short strip at every column boundary")
        }
        // At each crossing: one rect straddling it, split through it across and down, and
        // four touching it, one from each quadrant.
        var crossings: [Point: [Rect]] = [:]
        for (index, role) in twoAxes.roles.enumerated() {
            guard case .corner(let x, let y) = role else { continue }
            #expect(xs.contains(x) && ys.contains(y))
            crossings[Point(x: x, y: y), default: []].append(twoAxes.rects[index])
        }
        #expect(crossings.count == ProbePlan.maxCrossingLines * ys.count)  // 16 of the 102 x values, every y
        for (point, rects) in crossings {
            #expect(rects.count == 5)
            let straddling = try #require(rects.first { $0.minX < point.x && point.x < $0.maxX && $0.minY < point.y && point.y < $0.maxY })
            #expect(straddling.midPoint == point)
            let quadrants = rects.filter { $0 != straddling }
            #expect(quadrants.allSatisfy { ($0.minX == point.x || $0.maxX == point.x) && ($0.minY == point.y || $0.maxY == point.y) })
            #expect(Set(quadrants.map { [$0.minX < point.x, $0.minY < point.y] }).count == 4)
            let index = try #require(twoAxes.rects.indices.first { twoAxes.rects[$0] == straddling && twoAxes.roles[$0] == .corner(x: point.x, y: point.y) })
            let cuts = twoAxes.splits.filter { $0.whole == index }.map { twoAxes.rects[$0.first] }
            #expect(cuts.contains { $0.maxX == point.x && $0.height == straddling.height })
            #expect(cuts.contains { $0.maxY == point.y && $0.width == straddling.width })
        }
    }

    @Test func roleNamesRoundTrip() {
        let roles: [ConformanceViolation.RectRole] = [
            .wholeContent, .huge, .random, .zeroArea, .outside, .part, .given, .shrunk,
            .strip(edge: .above, at: 105), .strip(edge: .right, at: 0.25), .corner(x: 150, y: 44.5), .corner(x: -0.125, y: 1e9),
        ]
        #expect(roles.map { ConformanceViolation.RectRole(name: $0.name) } == roles)
        #expect(ConformanceViolation.RectRole(name: "something else") == .given)
        #expect(ConformanceViolation.RectRole(name: "corner@1.0") == .given)
    }
}

extension Rect {
    /// The centre.
    var midPoint: Point { Point(x: minX + width / 2, y: minY + height / 2) }
}
