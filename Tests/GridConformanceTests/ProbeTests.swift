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
        let column = LayoutAttributes(kind: .columnHeader, path: ItemPath(section: 0, item: 4), frame: Rect(x: 0, y: 0, width: 1, height: 1))
        let supplementary = ProbePlan.supplementaryProbes(data, whole: [column])
        #expect(supplementary.count == 2 * 4 + 1)
        #expect(supplementary.last == SupplementaryRequest(kind: .columnHeader, path: ItemPath(section: 0, item: 4)))
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

    @Test func roleNamesRoundTrip() {
        let roles: [ConformanceViolation.RectRole] = [
            .wholeContent, .huge, .random, .zeroArea, .outside, .part, .given, .shrunk,
            .strip(edge: .above, at: 105), .strip(edge: .right, at: 0.25),
        ]
        #expect(roles.map { ConformanceViolation.RectRole(name: $0.name) } == roles)
        #expect(ConformanceViolation.RectRole(name: "something else") == .given)
    }
}
