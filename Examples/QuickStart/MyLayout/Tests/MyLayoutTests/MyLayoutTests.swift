import GridConformanceTesting
import MyLayout
import Testing

@Test func myGridObeysTheGridLayoutLaws() {
    expectConformance { MyGrid(columns: 3) }  // a fresh, unprepared layout each call
}
