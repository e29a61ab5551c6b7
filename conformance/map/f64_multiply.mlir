// map: oracle jax.lax elementwise op applied by map
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-2.0974658144075136, 4.581092387449397, -3.3727705715813139], [4.7375757448089146, 1.7288575623566307, -1.6004267172221569]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[2.2499764212183093, -0.033802519514356776, -2.4461820696222634], [2.16247382802747, 4.1186940074234784, -2.0204993689027466]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.map"(%c1, %c2) ({
  ^bb0(%a0: tensor<f64>, %b0: tensor<f64>):
    %s0 = "shlo.multiply"(%a0, %b0) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    "shlo.return"(%s0) : (tensor<f64>) -> ()
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-4.7192486267283638, -0.1548524648238295, 8.2504108971518431], [10.244883556447027, 7.1206352817670178, 3.2336611721224626]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  func.return
}
