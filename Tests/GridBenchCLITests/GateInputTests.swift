import Foundation
import Testing

/// What users type into the gate: a plan naming a spec that is not there, and counts given
/// as negative numbers.
@Suite struct GateInputTests {
    /// The plan's own field is named, with the value it holds and where it looked, not only
    /// the missing file.
    @Test func aMissingSpecIsNamedByThePlansField() throws {
        let scratch = try GateCommandTests.workspace()
        defer { scratch.remove() }
        try scratch.write(#"{"schemaVersion": 1, "entries": [{"spec": "spec.json", "prepare": true}, {"spec": "specs/gone.json", "prepare": true}]}"#, to: "plan.json")
        let result = try GateCommandTests.gate(scratch, ["check", "--clock", "--plan", "SCRATCH/plan.json", "--baseline", "SCRATCH/baseline.json"])
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains("\(scratch.path("plan.json")): entries[1].spec = \"specs/gone.json\""), "\(result)")
        #expect(result.stderr.contains("\(scratch.path("specs/gone.json")) does not exist"), "\(result)")
    }

    /// A negative count is read as the option's value and refused by its own check, not
    /// taken for an option ("Missing value").
    @Test(arguments: [["record", "--runs", "-1", "--out", "SCRATCH/b.json"], ["check", "--clock", "--samples", "-3", "--baseline", "SCRATCH/b.json"]])
    func negativeCountsAreRefusedByTheirOwnCheck(arguments: [String]) throws {
        let scratch = try GateCommandTests.workspace()
        defer { scratch.remove() }
        let result = try GateCommandTests.gate(scratch, arguments + ["--plan", "SCRATCH/plan.json"])
        #expect(result.status == Exit.usage, "\(result)")
        #expect(result.stderr.contains(arguments.contains("--runs") ? "--runs must be at least 1" : "--samples must be at least 2"), "\(result)")
        #expect(!result.stderr.contains("Missing value"), "\(result)")
    }
}
