import Foundation
import GridCore
import GridHarness
import Testing

/// A suite that reads specs from JSON text as if from a file named `specPath`, and checks
/// that bad ones are refused naming that file, the field and the value.
protocol SpecDecodingSuite {
    /// The file name the specs are read as, which an error must name.
    static var specPath: String { get }
}

extension SpecDecodingSuite {
    func decode(_ json: String) throws(InputError) -> LayoutSpec {
        try LayoutSpec.decode(Data(json.utf8), path: Self.specPath)
    }

    func expectRefused(_ json: String, field: String, value: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try decode(json)
            Issue.record("accepted: \(json)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.file == Self.specPath, sourceLocation: sourceLocation)
            #expect(error.field == field, "\(error)", sourceLocation: sourceLocation)
            if let value { #expect(error.value == value, "\(error)", sourceLocation: sourceLocation) }
        }
    }
}
