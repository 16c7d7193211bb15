import GridCore
import Testing

@Suite("Geometry: Rect")
struct GeometryTests {
    // MARK: intersects: half-open edges

    @Test func rectsThatOnlyTouchDoNotIntersect() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)  // [0, 10) × [0, 10)
        let right = Rect(x: 10, y: 0, width: 5, height: 10)  // starts at a.maxX
        let below = Rect(x: 0, y: 10, width: 10, height: 5)  // starts at a.maxY
        let left = Rect(x: -5, y: 0, width: 5, height: 10)  // ends at a.minX
        let above = Rect(x: 0, y: -5, width: 10, height: 5)  // ends at a.minY
        let corner = Rect(x: 10, y: 10, width: 5, height: 5)  // touches only at (10, 10)
        for other in [right, below, left, above, corner] {
            #expect(!a.intersects(other), "\(a) and \(other) only touch")
            #expect(!other.intersects(a), "\(other) and \(a) only touch")
        }
    }

    @Test func overlappingByAnyAmountIntersects() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let cases = [
            Rect(x: 9.5, y: 0, width: 5, height: 10),  // half a point over the right edge
            Rect(x: -5, y: 9.999, width: 6, height: 1),  // just over the bottom edge
            Rect(x: 2, y: 2, width: 1, height: 1),  // inside
            Rect(x: -100, y: -100, width: 300, height: 300),  // around
            Rect(x: 0, y: 0, width: 10, height: 10),  // the same
            Rect(x: 0, y: 0, width: Double.infinity, height: Double.infinity),
        ]
        for other in cases {
            #expect(a.intersects(other), "\(a) and \(other) overlap")
            #expect(other.intersects(a), "\(other) and \(a) overlap")
        }
    }

    @Test func emptyRectsIntersectNothing() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let empties = [
            Rect(x: 5, y: 5, width: 0, height: 3),  // zero width inside a
            Rect(x: 5, y: 5, width: 3, height: 0),  // zero height inside a
            Rect(x: 5, y: 5, width: -3, height: 3),  // negative width
            Rect(x: 5, y: 5, width: 3, height: -3),  // negative height
            Rect.zero,
        ]
        for empty in empties {
            #expect(empty.isEmpty, "\(empty) is empty")
            #expect(!a.intersects(empty), "\(a) must not intersect empty \(empty)")
            #expect(!empty.intersects(a), "empty \(empty) must not intersect \(a)")
            #expect(!empty.intersects(empty), "empty \(empty) must not intersect itself")
        }
        #expect(!a.isEmpty)
    }

    @Test func nanAnywhereIntersectsNothing() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let nan = Double.nan
        let cases = [
            Rect(x: nan, y: 2, width: 3, height: 3),
            Rect(x: 2, y: nan, width: 3, height: 3),
            Rect(x: 2, y: 2, width: nan, height: 3),
            Rect(x: 2, y: 2, width: 3, height: nan),
        ]
        for bad in cases {
            #expect(!a.intersects(bad), "\(a) must not intersect \(bad)")
            #expect(!bad.intersects(a), "\(bad) must not intersect \(a)")
            #expect(!bad.isFinite)
        }
        #expect(Rect(x: 2, y: 2, width: nan, height: 3).isEmpty)
        #expect(Rect(x: 2, y: 2, width: 3, height: nan).isEmpty)
        #expect(a.isFinite)
    }

    /// A second method: on integer coordinates, two half-open rects share area exactly when
    /// they share a unit cell, which is decided by testing the cells' centres.
    @Test func intersectsAgreesWithSharedUnitCellsOnSmallIntegerRects() {
        var rects: [Rect] = []
        for x in 0...2 { for y in 0...2 { for w in -1...2 { for h in -1...2 {
            rects.append(Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h)))
        } } } }
        func covers(_ r: Rect, _ cx: Double, _ cy: Double) -> Bool {
            // On integer coordinates a unit cell lies inside a rect exactly when its centre does.
            r.width > 0 && r.height > 0 && cx > r.minX && cx < r.minX + r.width && cy > r.minY && cy < r.minY + r.height
        }
        for a in rects {
            for b in rects {
                var shared = false
                for i in 0..<5 { for j in 0..<5 {
                    let cx = Double(i) + 0.5, cy = Double(j) + 0.5
                    if covers(a, cx, cy) && covers(b, cx, cy) { shared = true }
                } }
                if a.intersects(b) != shared {
                    Issue.record("\(a).intersects(\(b)) = \(a.intersects(b)), shared unit cell: \(shared)")
                }
            }
        }
    }

    // MARK: insetBy, contains

    @Test func insetByMovesEveryEdgeIn() {
        let r = Rect(x: 10, y: 20, width: 100, height: 50)
        // x 10 + 5 = 15, y 20 + 10 = 30, w 100 − 2·5 = 90, h 50 − 2·10 = 30
        #expect(r.insetBy(dx: 5, dy: 10) == Rect(x: 15, y: 30, width: 90, height: 30))
        // negative insets grow: x 10 − 5 = 5, y 20 − 10 = 10, w 100 + 10 = 110, h 50 + 20 = 70
        #expect(r.insetBy(dx: -5, dy: -10) == Rect(x: 5, y: 10, width: 110, height: 70))
        #expect(r.insetBy(dx: 0, dy: 0) == r)
        // 100 − 2·60 = −20: over-insetting leaves an empty rect
        let over = r.insetBy(dx: 60, dy: 0)
        #expect(over.width == -20)
        #expect(over.isEmpty)
        // the centre stays put
        #expect(r.insetBy(dx: 7, dy: 3).minX + r.insetBy(dx: 7, dy: 3).width / 2 == r.minX + r.width / 2)
    }

    @Test func containsAllowsTouchingEdges() {
        let r = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(r.contains(r))
        #expect(r.contains(Rect(x: 5, y: 0, width: 5, height: 10)))
        #expect(!r.contains(Rect(x: 5, y: 0, width: 5.5, height: 10)))
        #expect(!r.contains(Rect(x: -1, y: 0, width: 2, height: 2)))
    }

    @Test func edgesAndSize() {
        let r = Rect(x: 3, y: 4, width: 5, height: 6)
        #expect(r.minX == 3 && r.minY == 4 && r.maxX == 8 && r.maxY == 10 && r.width == 5 && r.height == 6)
        #expect(Rect(origin: Point(x: 3, y: 4), size: Size(width: 5, height: 6)) == r)
        #expect(Size(width: 1, height: .infinity).isFinite == false)
        #expect(Size(width: 1, height: 2).isFinite)
    }

    // MARK: isIdentical versus ==

    @Test func isIdenticalIsStricterThanEquality() {
        let plus = Rect(x: 0.0, y: 1, width: 2, height: 3)
        let minus = Rect(x: -0.0, y: 1, width: 2, height: 3)
        #expect(plus == minus, "== treats 0.0 and −0.0 as equal")
        #expect(!plus.isIdentical(to: minus), "isIdentical compares bits: 0.0 is not −0.0")
        #expect(plus.isIdentical(to: plus))

        for coordinate in 0..<4 {
            var a = [1.0, 2.0, 3.0, 4.0]
            var b = a
            a[coordinate] = 0.0
            b[coordinate] = -0.0
            let ra = Rect(x: a[0], y: a[1], width: a[2], height: a[3])
            let rb = Rect(x: b[0], y: b[1], width: b[2], height: b[3])
            #expect(ra == rb && !ra.isIdentical(to: rb), "coordinate \(coordinate)")
        }

        let nan = Rect(x: .nan, y: 0, width: 1, height: 1)
        #expect(nan != nan, "== follows IEEE: NaN is unequal to itself")
        #expect(nan.isIdentical(to: nan), "the same bits are identical, NaN included")

        let cell = LayoutAttributes.cell(ItemPath(section: 0, item: 0), frame: plus)
        let cellMinus = LayoutAttributes.cell(ItemPath(section: 0, item: 0), frame: minus)
        #expect(cell == cellMinus)
        #expect(!cell.isIdentical(to: cellMinus))
        #expect(!cell.isIdentical(to: LayoutAttributes.cell(ItemPath(section: 0, item: 1), frame: plus)))
        #expect(!cell.isIdentical(to: LayoutAttributes(kind: .sectionHeader, path: ItemPath(section: 0, item: 0), frame: plus)))
    }
}
