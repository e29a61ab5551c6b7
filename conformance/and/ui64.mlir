// and: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[6938450868983132370, 12145255019610502141, 1784773792457084312], [936218321266574727, 11173280834404059703, 13736078671826439538]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %c2 = shlo.constant {value = dense<[[12991932183313777238, 17426259324471800038, 7763431268144204530], [8670007185940079897, 13599077840519183959, 15674694426391938747]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %v3 = "shlo.and"(%c1, %c2) : (tensor<2x3xui64>, tensor<2x3xui64>) -> tensor<2x3xui64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2326131526470729810, 11566510508641677540, 613626487828138128], [599556647249675521, 10955324093561309719, 10988803433108079666]]> : tensor<2x3xui64>}} : (tensor<2x3xui64>) -> ()
  func.return
}
