import Foundation
import GridCore
import GridHarness
import Testing

/// `gridbench dump --measured-all` and `--measured-through N` (issue 28): the command maps
/// its flags onto `LayoutSpec.measuredAll` and `LayoutSpec.measured(through:)`.
@Suite struct DumpMeasuredCommandTests {
    /// A waterfall of four items estimated 50 tall, true heights [100, 20, 30, 40], lanes
    /// rebalanced: measured, it is the plain waterfall of those heights.
    static let estimated = #"{"layout": "waterfall", "container": {"width": 320, "height": 480}, "sections": [4], "itemHeights": [100, 20, 30, 40], "estimated": {"itemHeight": 50}, "lanes": "rebalance"}"#
    static let plain = #"{"layout": "waterfall", "container": {"width": 320, "height": 480}, "sections": [4], "itemHeights": [100, 20, 30, 40]}"#

    @Test func measuredAllIsThePlainSpecsLayout() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let estimated = try scratch.write(Self.estimated, to: "estimated.json")
        let plain = try scratch.write(Self.plain, to: "plain.json")
        let measured = try GridBench.run(["dump", "--spec", estimated, "--measured-all"])
        let expected = try GridBench.run(["dump", "--spec", plain])
        #expect(measured.status == Exit.success, "\(measured)")
        #expect(expected.status == Exit.success, "\(expected)")
        #expect(measured.stdout == expected.stdout)
        // Through all four items: the same; through none: the layout at the estimate,
        // which is not the same (item 0 is 50 tall, not 100).
        let four = try GridBench.run(["dump", "--spec", estimated, "--measured-through", "4"])
        #expect(four.stdout == expected.stdout)
        let none = try GridBench.run(["dump", "--spec", estimated, "--measured-through", "0"])
        let unmeasured = try GridBench.run(["dump", "--spec", estimated])
        #expect(none.stdout == unmeasured.stdout)
        let elements = try JSONDecoder().decode([DumpedElement].self, from: Data(none.stdout.utf8))
        #expect(elements.first == DumpedElement("cell", 0, 0, 10, 10, 145, 50))
        // Through 1 (item 0 measured 100): item 2 goes to column 1 at 70 (70 < 120),
        // as MeasuredSizesTests works it out.
        let one = try GridBench.run(["dump", "--spec", estimated, "--measured-through", "1"])
        let oneElements = try JSONDecoder().decode([DumpedElement].self, from: Data(one.stdout.utf8))
        #expect(oneElements.map(\.frame.y) == [10, 10, 70, 120])
        #expect(oneElements.map(\.frame.x) == [10, 165, 165, 10])
    }

    @Test func badCountsAreRefusedByTheFlag() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let estimated = try scratch.write(Self.estimated, to: "estimated.json")
        let tooMany = try GridBench.run(["dump", "--spec", estimated, "--measured-through", "5"])
        #expect(tooMany.status == Exit.badInput, "\(tooMany)")
        #expect(tooMany.stderr.contains("--measured-through"), "\(tooMany)")
        #expect(tooMany.stderr.contains("estimated.json"), "\(tooMany)")
        let both = try GridBench.run(["dump", "--spec", estimated, "--measured-all", "--measured-through", "1"])
        #expect(both.status == Exit.usage, "\(both)")
    }
}
