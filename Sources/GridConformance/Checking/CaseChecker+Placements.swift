import GridCore

/// Display positions: where the cells of a two-axis layout sit in its grid of rows and
/// columns (`GridLayout.gridPlacement(of:)`, or `row` and `column` on the cells
/// of an answer file). Optional: a layout without rows and columns gives none, and nothing
/// is checked. Where given:
/// - law 2: every answer that places a cell places it alike;
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

    /// `row 2, column 3`, with spans when they are not 1.
    static func describe(_ placement: GridPlacement) -> String {
        var text = "row \(placement.row), column \(placement.column)"
        if placement.rowSpan != 1 || placement.columnSpan != 1 {
            text += " (spanning \(placement.rowSpan) × \(placement.columnSpan))"
        }
        return text
    }
}
