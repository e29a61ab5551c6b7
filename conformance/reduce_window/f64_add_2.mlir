// reduce_window: oracle jax.lax.reduce_window
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.77309346717330862, 0.47605896511254719, 0.69089743946630822, -0.10834643870477767, -0.01039957491206811], [-0.14182881977083894, -0.10284766588265071, -0.62020650875068628, -0.81224052633563215, -0.61015668634296416], [0.038138648950114096, 0.073276838647189146, -0.055288165155349733, -0.47635295202212774, 0.63056547274090591], [-0.76251677386012118, 0.10850949773484098, -0.011191494076691955, 0.6076286066924067, -0.88099875448261677]]> : tensor<4x5xf64>} : () -> tensor<4x5xf64>
  %c2 = shlo.constant {value = dense<0.000000e+00> : tensor<f64>} : () -> tensor<f64>
  %v3 = "shlo.reduce_window"(%c1, %c2) ({
  ^bb0(%a0: tensor<f64>, %b0: tensor<f64>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    "shlo.return"(%s0) : (tensor<f64>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, window_dimensions = array<i64: 3, 2>, window_strides = array<i64: 1, 2>, base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>} : (tensor<4x5xf64>, tensor<f64>) -> tensor<5x3xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.63126464740246968, 0.44390222994551842, -1.5411432262954421], [-0.14182881977083894, -0.72305417463333699, -1.4223972126785962], [-0.10369017082072485, -0.70506550114149757, -1.2681846919598181], [0.038138648950114096, 0.017988673491839413, 0.15421252071877817], [-0.72437812491000708, 0.11530667714998843, -0.11915762707143185]]> : tensor<5x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<5x3xf64>) -> ()
  func.return
}
