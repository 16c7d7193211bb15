import ArgumentParser
import Foundation
import GridCore
import GridHarness
import GridStrategies
import GridViewport

/// A rect given as `x,y,width,height`.
package struct RectArgument: ExpressibleByArgument {
    package var rect: Rect

    package init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3],
              [x, y, w, h].allSatisfy(\.isFinite)
        else { return nil }
        rect = Rect(x: x, y: y, width: w, height: h)
    }

    package static var defaultCompletionKind: CompletionKind { .default }
}

/// A point given as `X,Y`, such as `150,880`: finite numbers.
package struct PointArgument: ExpressibleByArgument {
    package var point: Point

    package init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite else { return nil }
        point = Point(x: x, y: y)
    }

    package static var defaultCompletionKind: CompletionKind { .default }
}

/// A size given as `WIDTHxHEIGHT`, such as `320x480`.
package struct SizeArgument: ExpressibleByArgument {
    package var size: Size

    package init(_ size: Size) { self.size = size }

    package init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x").map { Double($0) }
        guard parts.count == 2, let w = parts[0], let h = parts[1], w.isFinite, h.isFinite, w > 0, h > 0 else { return nil }
        size = Size(width: w, height: h)
    }

    package var defaultValueDescription: String { "\(Int(size.width))x\(Int(size.height))" }
}
