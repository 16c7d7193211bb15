import GridCore

/// Display positions: where the cells of a two-axis layout sit in its grid of rows and
/// columns (`GridLayout.gridPlacement(of:)`, or `row` and `column` on the cells
/// of an answer file). Optional: a layout without rows and columns gives none, and nothing
/// is checked. Where given:
/// - law 2: every answer that places a cell places it alike, and its frame agrees with its
///   placement: it is the union of the frames of the rows and columns it spans
///   (``checkPlacementFrames(_:)``);
/// - law 3: only cells of the data are placed, rows and columns are ≥ 0 and spans ≥ 1, and
///   no two cells cover the same slot.
extension CaseChecker {
    mutating func checkPlacements() {
        var placed: [ItemPath: GridPlacement] = [:]
        var order: [ItemPath] = []
        let rects = plan.rects

        /// Notes that the per-item answer (or the answer to rect `rect`) places the cell at
        /// `path` at `placement`.
        func note(_ path: ItemPath, _ placement: GridPlacement, rect: Int?, sink: inout ViolationSink) {
            guard let known = placed[path] else {
                placed[path] = placement
                order.append(path)
                return
            }
            guard known != placement else { return }
            sink.report(.agreement, .placementDisagrees) {
                (.element(ElementID(kind: .cell, path: path)),
                 "\(rect.map { "the rect query \(rects[$0])" } ?? "the per-item answer") places cell\(path) at \(Self.describe(placement)), another answer at \(Self.describe(known))",
                 .text(Self.describe(known)), .text(Self.describe(placement)))
            }
        }

        for (index, placement) in answers.itemPlacements.enumerated() {
            guard let placement else { continue }
            let path = plan.items[index]
            guard data.contains(path) else {
                sink.report(.validity, .pathOutsideData) {
                    (.element(ElementID(kind: .cell, path: path)),
                     "the per-item answer for \(path), a path beyond the data (\(ConformanceConfiguration.describe(data))), gives a display position",
                     .text("no display position"), .text(Self.describe(placement)))
                }
                continue
            }
            note(path, placement, rect: nil, sink: &sink)
        }
        if let rectPlacements = answers.rectPlacements {
            for (r, elements) in answers.rects.enumerated() {
                for (e, element) in elements.enumerated() where element.kind == .cell && data.contains(element.path) {
                    guard let placement = rectPlacements[r][e] else { continue }
                    note(element.path, placement, rect: r, sink: &sink)
                }
            }
        }
        guard !order.isEmpty else { return }
        counts.cellsPlaced = order.count

        // Each valid placement as a rect of slots: columns along x, rows along y.
        var slots: [(path: ItemPath, rect: Rect)] = []
        slots.reserveCapacity(order.count)
        for path in order {
            let p = placed[path]!
            guard p.row >= 0, p.column >= 0, p.rowSpan >= 1, p.columnSpan >= 1 else {
                sink.report(.validity, .invalidPlacement) {
                    (.element(ElementID(kind: .cell, path: path)),
                     "cell\(path) is placed at \(Self.describe(p)): a display row or column below 0, or a span below 1",
                     .text("a row and a column ≥ 0, spans ≥ 1"), .text(Self.describe(p)))
                }
                continue
            }
            slots.append((path, Rect(x: Double(p.column), y: Double(p.row), width: Double(p.columnSpan), height: Double(p.rowSpan))))
        }
        checkPlacementFrames(slots.map { ($0.path, placed[$0.path]!) })
        slots.sort { ($0.rect.minY, $0.rect.minX) < ($1.rect.minY, $1.rect.minX) }
        Self.forEachIntersectingPair(slots.map(\.rect)) { i, j in
            let (a, b) = (slots[i], slots[j])
            sink.report(.validity, .sharedSlot) {
                (.elementPair(ElementID(kind: .cell, path: a.path), ElementID(kind: .cell, path: b.path)),
                 "cells \(a.path) and \(b.path) are both placed in the slot at \(Self.describe(placed[b.path]!)) (the other at \(Self.describe(placed[a.path]!)))",
                 .text("each display slot taken by one cell at most"),
                 .text("cell\(a.path) at \(Self.describe(placed[a.path]!)), cell\(b.path) at \(Self.describe(placed[b.path]!))"))
            }
        }
    }

    /// Law 2 on placements against frames: the frame of a cell placed at rows `r … r + k − 1`
    /// and columns `c … c + m − 1` is the union of those rows' and columns' frames, its top
    /// the top of row `r`, its bottom the bottom of row `r + k − 1`, its left and right edges
    /// those of columns `c` and `c + m − 1`.
    ///
    /// A track's frame is read off the cells that span it alone (a row's from the cells of
    /// row span 1 placed in it, a column's from those of column span 1): the extent most of
    /// them cover along its axis (the first met, in the plan's order of paths, among equals).
    /// Every cell is then compared with its tracks, those that span one alone too, so that a
    /// cell placed in one row while its frame covers three is named, not its row's other
    /// cells. A cell whose first or last track along an axis no cell spans alone is not
    /// compared along that axis. Edges are compared to within a part in 10⁹, so that a layout
    /// summing widths in another order passes and a cell one track too short or too long
    /// does not.
    ///
    /// It belongs to law 2 because it is agreement: two answers about one cell, the frame of
    /// `attributes(at:)` and the placement of `gridPlacement(of:)`, must say the same. Law 3
    /// holds each answer valid on its own (and no slot taken twice) and law 8 holds frames
    /// apart; neither compares the two. It needs no declaration beyond the placements
    /// themselves: a layout that gives them makes the promise.
    /// - Complexity: O(p) for the p cells placed, with dictionaries of tracks.
    mutating func checkPlacementFrames(_ cells: [(path: ItemPath, placement: GridPlacement)]) {
        guard sink.wants(.agreement) else { return }
        // Each cell's frame: its per-item answer, else its element in the whole-content answer.
        var frames: [ItemPath: Rect] = [:]
        frames.reserveCapacity(cells.count)
        for (index, answer) in answers.items.enumerated() {
            guard let answer, answer.kind == .cell, answer.path == plan.items[index], Self.frameIsValid(answer.frame) else { continue }
            frames[answer.path] = answer.frame
        }
        for element in answers.rects[plan.wholeIndex] where element.kind == .cell && frames[element.path] == nil {
            if Self.frameIsValid(element.frame) { frames[element.path] = element.frame }
        }
        // Each track's extent: what most of the cells spanning it alone cover (the first
        // met among equals), so that the one cell that differs is the one reported.
        struct Extent {
            var low: Double, high: Double
            var votes: Int
        }
        var rowVotes: [Int: [Extent]] = [:], columnVotes: [Int: [Extent]] = [:]
        func vote(_ votes: inout [Int: [Extent]], _ index: Int, _ low: Double, _ high: Double) {
            if let at = votes[index]?.firstIndex(where: { Self.sameEdge($0.low, low) && Self.sameEdge($0.high, high) }) {
                votes[index]?[at].votes += 1
            } else {
                votes[index, default: []].append(Extent(low: low, high: high, votes: 1))
            }
        }
        for (path, placement) in cells {
            guard let frame = frames[path] else { continue }
            if placement.rowSpan == 1 { vote(&rowVotes, placement.row, frame.minY, frame.maxY) }
            if placement.columnSpan == 1 { vote(&columnVotes, placement.column, frame.minX, frame.maxX) }
        }
        func winner(_ extents: [Extent]) -> Extent {
            var best = extents[0]
            for extent in extents.dropFirst() where extent.votes > best.votes { best = extent }
            return best
        }
        let rows = rowVotes.mapValues(winner), columns = columnVotes.mapValues(winner)
        var compared = 0
        for (path, placement) in cells {
            guard let frame = frames[path] else { continue }
            let top = rows[placement.row], bottom = rows[placement.row + placement.rowSpan - 1]
            let left = columns[placement.column], right = columns[placement.column + placement.columnSpan - 1]
            guard (top != nil && bottom != nil) || (left != nil && right != nil) else { continue }
            compared += 1
            var wanted = frame
            var wrong: [String] = []
            if let top, let bottom {
                if !Self.sameEdge(frame.minY, top.low) || !Self.sameEdge(frame.maxY, bottom.high) {
                    wrong.append("y \(frame.minY)..<\(frame.maxY) where rows \(Self.span(placement.row, placement.rowSpan)) cover y \(top.low)..<\(bottom.high)")
                }
                wanted.origin.y = top.low
                wanted.size.height = bottom.high - top.low
            }
            if let left, let right {
                if !Self.sameEdge(frame.minX, left.low) || !Self.sameEdge(frame.maxX, right.high) {
                    wrong.append("x \(frame.minX)..<\(frame.maxX) where columns \(Self.span(placement.column, placement.columnSpan)) cover x \(left.low)..<\(right.high)")
                }
                wanted.origin.x = left.low
                wanted.size.width = right.high - left.low
            }
            guard !wrong.isEmpty else { continue }
            let placed = Self.describe(placement)
            sink.report(.agreement, .placementFrameDisagrees) {
                (.element(ElementID(kind: .cell, path: path)),
                 "cell\(path) is placed at \(placed), but its frame is not the union of the rows and columns it spans: \(wrong.joined(separator: "; "))",
                 .attributes(.cell(path, frame: wanted)), .attributes(.cell(path, frame: frame)))
            }
        }
        counts.placementFrames = compared
    }

    /// `2…4`, or `2` for one track.
    static func span(_ first: Int, _ count: Int) -> String {
        count == 1 ? "\(first)" : "\(first)…\(first + count - 1)"
    }

    /// Whether two edges are the same to within a part in 10⁹ (of the larger, or of 1).
    static func sameEdge(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
    }

    /// `row 2, column 3`, with spans when they are not 1.
    static func describe(_ placement: GridPlacement) -> String {
        var text = "row \(placement.row), column \(placement.column)"
        if placement.rowSpan != 1 || placement.columnSpan != 1 {
            text += " (spanning \(placement.rowSpan) × \(placement.columnSpan))"
        }
        return text
    }
}
