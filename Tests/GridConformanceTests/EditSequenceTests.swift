@testable import GridConformance
import GridCore
import GridLayouts
import Testing

/// The seeded edit sequences of law 6: where they start, and what they tell together.
@Suite struct EditSequenceTests {
    @Test func sequencesStartInTheContainersInTurnAndChangeTheWidthWithAnEditPartWay() throws {
        let options = ConformanceOptions()
        let suite = LayoutSuite(name: "TileGrid", options: options, makeLayout: { TileGrid() })
        let sequences = (0 ..< options.editSequences).map { suite.sequenceSteps($0) }
        // Four sequences, in the first four standard containers: at least three containers.
        let starts = sequences.map { $0.first?.previous?.container }
        #expect(starts == ConformanceOptions.standardContainers.prefix(4).map { $0 })
        for steps in sequences {
            #expect(steps.count == options.editSequenceLength)
            // Step 8 of 16: an edit and a new width, told in one invalidation.
            let middle = try #require(steps.count > 8 ? steps[8] : nil)
            let previous = try #require(middle.previous)
            let told = try #require(previous.invalidation)
            #expect(told.container == .width, "\(middle)")
            #expect(middle.container.width != previous.container.width && middle.container.height == previous.container.height)
            guard case .edited(let edit) = told.data else {
                Issue.record("expected an edit told with the width: \(middle)")
                continue
            }
            #expect(try edit.applied(to: previous.data) == middle.data)
        }
        // Some random steps tell a container change with an edit too, beside the middle ones.
        let together = sequences.joined().enumerated().filter { index, step in
            guard let told = step.previous?.invalidation, case .edited = told.data else { return false }
            return told.container != .unchanged && index % options.editSequenceLength != options.editSequenceLength / 2
        }
        #expect(!together.isEmpty)
    }

    @Test func everyChangeToldTogetherDescribesBothChanges() throws {
        let data = try DataShape(itemCounts: [3, 5, 2])
        let container = Size(width: 320, height: 480)
        // 3 items into section 1 at 2, the width 320 · 1.25 = 400.
        let widened = try #require(ConformanceChange.insertItemsAndResizeWidth.invalidation(from: data, container: container))
        #expect(widened == Invalidation(data: .edited(.insertItems(section: 1, item: 2, count: 3, sizes: nil)), container: .width))
        #expect(ConformanceChange.insertItemsAndResizeWidth.apply(to: data, container: container)?.1 == Size(width: 400, height: 480))
        // A third of section 1's 5 items (1, from item 1), 100 points taller.
        let taller = try #require(ConformanceChange.deleteItemsAndResizeHeight.invalidation(from: data, container: container))
        #expect(taller == Invalidation(data: .edited(.deleteItems(section: 1, items: 1 ..< 2)), container: .height))
        // Section 1's first item to the start of section 2, rotated.
        let rotated = try #require(ConformanceChange.moveItemAndRotate.invalidation(from: data, container: container))
        #expect(rotated == Invalidation(
            data: .edited(.moveItem(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 2, item: 0))), container: .both))
        #expect(ConformanceChange.moveItemAndRotate.apply(to: data, container: container)?.0.itemCounts == [3, 4, 3])
        // Alone, the move keeps the container; in one section it moves the first item last.
        #expect(ConformanceChange.moveItem.invalidation(from: try DataShape(itemCounts: [4]), container: container)
                == .edited(.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 3))))
    }
}
