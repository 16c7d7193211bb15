import Foundation
import GridConformance
import GridConformanceTesting
import GridConformanceXCTest
import GridCore
import GridLayouts
import Testing
import XCTest

// The code of the DocC article "Checking your layout"
// (Sources/GridConformance/GridConformance.docc/CheckingYourLayout.md), compiled and run
// here so that it cannot drift: `articleCodeIsThisFile` checks that every Swift block of the
// article appears in this file, line for line.

/// A list: every item a full-width row, rows `spacing` apart, sections one after another.
/// The article's layout once fixed.
struct ListLayout: GridLayout {
    var rowHeight: Double
    var spacing: Double

    private var data = DataShape.empty
    private var width = 0.0
    private(set) var contentSize = Size.zero

    init(rowHeight: Double = 44, spacing: Double = 8) {
        self.rowHeight = rowHeight
        self.spacing = spacing
    }

    mutating func prepare(data: DataShape, container: Size) throws {
        try GridError.requirePositive(rowHeight, "rowHeight")
        try GridError.requireNonNegative(spacing, "spacing")
        try GridError.requireNonNegative(container.width, "container.width")
        self.data = data
        width = container.width
        let rows = Double(data.totalItems)
        contentSize = Size(width: width, height: max(0, rows * (rowHeight + spacing) - spacing))
    }

    var traits: LayoutTraits {
        LayoutTraits(
            cellsDoNotOverlap: true,  // law 8
            scrollAxes: .vertical,
            supplementaries: [],  // no headers or footers
            tightness: ContentTightness(axes: .vertical))  // law 9
    }

    private func frame(ofRow row: Int) -> Rect {
        Rect(x: 0, y: Double(row) * (rowHeight + spacing), width: width, height: rowHeight)
    }

    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        guard rect.intersects(contentBounds) else { return }
        // The rows the rect may meet, one more on each side against rounding; then the exact test.
        let pitch = rowHeight + spacing
        let first = max(0, (rect.minY / pitch).rounded(.down) - 1)
        let end = min(Double(data.totalItems), (rect.maxY / pitch).rounded(.up) + 1)
        for row in Int(first) ..< Int(end) where frame(ofRow: row).intersects(rect) {
            if let path = data.path(atFlatIndex: row) {
                buffer.append(.cell(path, frame: frame(ofRow: row)))
            }
        }
    }

    func attributes(at path: ItemPath) -> LayoutAttributes? {
        data.flatIndex(of: path).map { .cell(path, frame: frame(ofRow: $0)) }
    }

    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        nil
    }
}

/// The article's first draft: the same layout, its content one `spacing` too tall.
enum FirstDraft {
    struct ListLayout: GridLayout {
        var rowHeight: Double
        var spacing: Double

        private var data = DataShape.empty
        private var width = 0.0
        private(set) var contentSize = Size.zero

        init(rowHeight: Double = 44, spacing: Double = 8) {
            self.rowHeight = rowHeight
            self.spacing = spacing
        }

        mutating func prepare(data: DataShape, container: Size) throws {
            try GridError.requirePositive(rowHeight, "rowHeight")
            try GridError.requireNonNegative(spacing, "spacing")
            try GridError.requireNonNegative(container.width, "container.width")
            self.data = data
            width = container.width
            let rows = Double(data.totalItems)
            contentSize = Size(width: width, height: rows * (rowHeight + spacing))
        }

        var traits: LayoutTraits {
            LayoutTraits(
                cellsDoNotOverlap: true,  // law 8
                scrollAxes: .vertical,
                supplementaries: [],  // no headers or footers
                tightness: ContentTightness(axes: .vertical))  // law 9
        }

        private func frame(ofRow row: Int) -> Rect {
            Rect(x: 0, y: Double(row) * (rowHeight + spacing), width: width, height: rowHeight)
        }

        func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
            guard rect.intersects(contentBounds) else { return }
            // The rows the rect may meet, one more on each side against rounding; then the exact test.
            let pitch = rowHeight + spacing
            let first = max(0, (rect.minY / pitch).rounded(.down) - 1)
            let end = min(Double(data.totalItems), (rect.maxY / pitch).rounded(.up) + 1)
            for row in Int(first) ..< Int(end) where frame(ofRow: row).intersects(rect) {
                if let path = data.path(atFlatIndex: row) {
                    buffer.append(.cell(path, frame: frame(ofRow: row)))
                }
            }
        }

        func attributes(at path: ItemPath) -> LayoutAttributes? {
            data.flatIndex(of: path).map { .cell(path, frame: frame(ofRow: $0)) }
        }

        func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
            nil
        }
    }
}

/// The article's Swift Testing test, on the fixed layout.
@Suite struct ListLayoutTests {
    @Test func listLayoutObeysTheGridLayoutLaws() {
        expectConformance { ListLayout() }
    }

    @Test func listLayoutObeysTheGridLayoutLawsIsolated() {
        expectConformance(options: .quick.isolated()) { ListLayout() }
    }

    /// Not in the article: rows that touch, with no spacing between them.
    @Test func listLayoutWithoutSpacingObeysTheGridLayoutLaws() {
        expectConformance(options: .quick) { ListLayout(rowHeight: 30, spacing: 0) }
    }
}

/// The article's XCTest test, on the fixed layout.
final class ListLayoutXCTests: XCTestCase {
    func testListLayoutObeysTheGridLayoutLaws() {
        XCTAssertConformance { ListLayout() }
    }
}

/// What the article says of the first draft and of the fix, checked on values worked out by hand.
@Suite struct DocCArticleExampleTests {
    /// Three rows of 44 points, 8 apart: 44 + 8 + 44 + 8 + 44 = 148 points, not the draft's 3 × 52 = 156.
    @Test func theDraftBreaksTightnessOnlyAndTheFixHoldsEveryLaw() throws {
        let three = try DataShape(itemCounts: [3])
        var draft = FirstDraft.ListLayout()
        try draft.prepare(data: three, container: Size(width: 320, height: 480))
        #expect(draft.contentSize == Size(width: 320, height: 156))
        var fixed = ListLayout()
        try fixed.prepare(data: three, container: Size(width: 320, height: 480))
        #expect(fixed.contentSize == Size(width: 320, height: 148))
        #expect(fixed.attributes(at: ItemPath(section: 0, item: 2))?.frame == Rect(x: 0, y: 104, width: 320, height: 44))

        let report = GridConformance.check("ListLayout", options: .quick) { FirstDraft.ListLayout() }
        #expect(report.violatedLaws == [.tightness], "\(report)")
        #expect(report.violations.allSatisfy { $0.code == .contentTooLarge })
        // The article shows the shape the first violation shrinks to: one section of one
        // item, whose content must be 44 tall, not 52.
        let first = try #require(report.violations.first)
        #expect(first.configuration.data.itemCounts == [1], "\(first)")
        #expect(first.description.contains("law 9 (tightness) broken by ListLayout [content-too-large]"), "\(first)")

        let passing = GridConformance.check("ListLayout", options: .quick) { ListLayout() }
        #expect(passing.isPassing, "\(passing)")
        #expect(passing.lawsChecked == ConformanceLaw.undeclaredLocality, "\(passing)")
    }

    /// The article's edits of the span grid: a row inserted (the header row is 36 points, the
    /// rest 44; row 1 is a single row of four cells, so nothing merged grows) and the header's
    /// merged cell split, each said truly, in every standard container.
    @Test func theArticlesSpanGridEditsAreSaidTruly() throws {
        // The span grid lays out its own cells: the one data shape it takes.
        let options = ConformanceOptions(dataShapes: [try SpanGrid.Configuration.example.dataShape()])
        let report = GridConformance.check(options: options, operations: [.insertRow(at: 1, height: 20), .split(row: 0, column: 1)]) {
            SpanGrid(.example)
        }
        #expect(report.isPassing, "\(report)")
        #expect(report.checked.layoutEdits == 2 * options.containers.count, "\(report.checked)")
    }

    /// The draft through the Swift Testing adapter: one issue per violation, each naming law 9.
    @Test func theDraftFailsItsTest() {
        withKnownIssue {
            expectConformance(options: .quick) { FirstDraft.ListLayout() }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("law 9 (tightness)") || $0.rawValue.contains("more conformance violations of") }
        }
    }

    /// Every ```swift block of the article, but the package manifest's, appears in this file
    /// line for line (indentation aside), so the article shows code that compiles and runs.
    @Test func articleCodeIsThisFile() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/GridConformance/GridConformance.docc/CheckingYourLayout.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        let normalized = { (text: Substring) in text.trimmingCharacters(in: .whitespaces) }
        let sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false).map(normalized)
        var blocks: [[String]] = []
        var current: [String]?
        for line in article.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if let block = current, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(block)
                current = nil
            } else if current != nil {
                current!.append(normalized(line))
            }
        }
        #expect(blocks.count >= 4, "the article's Swift blocks: \(blocks.count)")
        for block in blocks where block.first?.hasPrefix("// Package.swift") != true {
            let lines = block.filter { !$0.isEmpty }
            let found = sourceLines.indices.contains { start in
                var index = start
                for line in lines {
                    while index < sourceLines.count, sourceLines[index].isEmpty { index += 1 }
                    guard index < sourceLines.count, sourceLines[index] == line else { return false }
                    index += 1
                }
                return true
            }
            #expect(found, "an article block not in DocCArticleExampleTests.swift:\n\(lines.joined(separator: "\n"))")
        }
    }
}
