import GridCore
import GridLayouts
import GridViewport
import Testing

/// Tile reuse: leaving tiles wait in the pool of their reuse identifier, entering elements
/// take them, and tiles are created only when a pool is empty.
@Suite struct ViewportReuseTests {
    /// Offsets of a scroll through the whole of CHGridView's grid and back, 13 pt a frame.
    static func throughAndBack(contentHeight: Double) -> [Double] {
        let down = Array(stride(from: -200.0, through: contentHeight + 600, by: 13))
        return down + down.reversed()
    }

    @Test func aSecondPassCreatesNoTiles() throws {
        let reference = try TileGridReference(.chGridView)
        var viewport = try TileGridCase.chGridView.viewport()
        var checker = FrameChecker()
        let offsets = Self.throughAndBack(contentHeight: reference.contentHeight)

        var createdFirst = 0
        var digests: [LoadedSetDigest] = []
        for y in offsets {
            let offset = Point(x: 0, y: y)
            let report = viewport.scroll(to: offset)
            createdFirst += report.created
            digests.append(report.digest)
            guard checker.check(viewport, report, expected: reference.expected(at: offset), "first pass, y = \(y)") else { return }
        }
        #expect(createdFirst == viewport.tilesCreated)
        // Never more tiles than the most elements each pool had loaded at once.
        #expect(viewport.tilesCreated <= checker.peak.values.reduce(0, +))
        #expect(viewport.tilesCreated > 0)

        // The same frames again (checked against the first pass's digests, the brute force
        // having checked those): every tile comes from a pool.
        var createdSecond = 0
        for (index, y) in offsets.enumerated() {
            let report = viewport.scroll(to: Point(x: 0, y: y))
            createdSecond += report.created
            if report.digest != digests[index] {
                Issue.record("second pass, y = \(y): digest \(report.digest), first pass \(digests[index])")
                return
            }
        }
        #expect(createdSecond == 0)
        #expect(viewport.tilesCreated == createdFirst)
        let pooled = ElementKind.allCases.map { viewport.pooledTileCount(ReuseIdentifier(kind: $0)) }.reduce(0, +)
        #expect(pooled + viewport.loadedElements.count == viewport.tilesCreated)
    }

    /// Everything in one pool: headers and cells trade tiles.
    @Test func oneSharedPool() throws {
        let shared = ReuseIdentifier(rawValue: 9)
        let testCase = TileGridCase(name: "shared pool", itemCounts: [31, 0, 2, 31, 31, 1, 31, 31])
        let reference = try TileGridReference(testCase)
        var viewport = try testCase.viewport(reusePolicy: .sharing(shared))
        var checker = FrameChecker(poolOf: { _ in 9 })
        for y in reference.offsets() {
            let offset = Point(x: 0, y: y)
            let report = viewport.scroll(to: offset)
            guard checker.check(viewport, report, expected: reference.expected(at: offset), "y = \(y)") else { return }
        }
        #expect(viewport.pooledTileCount(ReuseIdentifier(kind: .cell)) == 0)
        #expect(viewport.pooledTileCount(ReuseIdentifier(kind: .sectionHeader)) == 0)
        #expect(viewport.pooledTileCount(shared) + viewport.loadedElements.count == viewport.tilesCreated)
    }

    /// Headers routed to the cells' pool, the other kinds untouched.
    @Test func headersBorrowCellTiles() throws {
        var policy = ReusePolicy()
        policy[.sectionHeader] = ReuseIdentifier(kind: .cell)
        let reference = try TileGridReference(.chGridView)
        var viewport = try TileGridCase.chGridView.viewport(reusePolicy: policy)
        var checker = FrameChecker(poolOf: { _ in ElementKind.cell.rawValue })
        for y in stride(from: -200.0, through: 20000, by: 41) {
            let offset = Point(x: 0, y: y)
            let report = viewport.scroll(to: offset)
            guard checker.check(viewport, report, expected: reference.expected(at: offset), "y = \(y)") else { return }
        }
        #expect(viewport.pooledTileCount(ReuseIdentifier(kind: .sectionHeader)) == 0)
    }

    /// A jump far away returns every tile and takes them all back: nothing new is created
    /// when the new set is no larger than the old one in each pool.
    @Test func aJumpReusesEveryTile() throws {
        var viewport = try TileGridCase.chGridView.viewport()
        let first = viewport.scroll(to: Point(x: 0, y: 1000))  // 57 elements: 2 headers, 55 cells
        #expect(first.created == 57)
        let jump = viewport.scroll(to: Point(x: 0, y: 1000 + 658 * 50))  // the same place 50 sections on
        #expect(jump.left == 57)
        #expect(jump.entered == 57)
        #expect(jump.created == 0)
        #expect(viewport.tilesCreated == 57)
        #expect(Set(viewport.loadedElements.map(\.tile)) == Set(0..<57))
    }
}
